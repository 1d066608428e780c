export {
  MapPreview,
  MAP_ZOOM,
  BRAZIL_CENTER,
  GEOGRAPHIC_CENTER,
  OSM_TILE_URL,
  OSM_ATTRIBUTION,
} from './map-preview';
export type { MapMarker, MapPreviewProps } from './map-preview';
