export {
  MapPreview,
  MAP_ZOOM,
  BRAZIL_CENTER,
  GEOGRAPHIC_CENTER,
  OSM_TILE_URL,
  OSM_ATTRIBUTION,
  MAP_TILE_URL,
  MAP_ATTRIBUTION,
} from './map-preview';
export type { MapMarker, MapPreviewProps } from './map-preview';
