import { divIcon, type LatLngTuple, type TileErrorEvent, type TileEvent } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MapContainer, Marker, TileLayer, Tooltip, useMap } from 'react-leaflet';
import './map-preview.css';
import {
  countTile,
  MAP_UNAVAILABLE,
  MAP_UNAVAILABLE_DETAIL,
  mapUnavailable,
  NO_TILES,
  tileOutcome,
} from './tile-status';

/**
 * A small Leaflet map (react-leaflet) with the configured tiles (see MAP_TILE_URL) and optional markers.
 *
 * - Works offline: when tiles cannot be loaded the map stays a plain grey surface with its
 *   markers (no crash, no broken-image icons) and says 'Mapa indisponível' inside its area;
 *   markers are inline SVG (no image assets).
 * - `center`/`zoom` are followed: changing them re-centres the map (e.g. after geocoding).
 * - Resizes itself when its container changes size (e.g. inside a modal that just opened).
 *
 * Zoom levels of the spec (part 1 §9): `MAP_ZOOM.default` 3 (store and customer maps),
 * `MAP_ZOOM.geographic` 8, `MAP_ZOOM.search` 15, `MAP_ZOOM.address` 17.
 *
 * ```tsx
 * <MapPreview center={[-23.56, -46.65]} zoom={MAP_ZOOM.address} markers={[{ position: [-23.56, -46.65], label: 'Loja 1' }]} height={300} />
 * ```
 */

export const MAP_ZOOM = { default: 3, geographic: 8, search: 15, address: 17 } as const;

/** Default centre of store and customer maps (Brazil). */
export const BRAZIL_CENTER: LatLngTuple = [-14.235, -51.9253];

/** Default centre of the geographic segmentation map (spec part 1 §2). */
export const GEOGRAPHIC_CENTER: LatLngTuple = [-22.99, -44.96];

export const OSM_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/**
 * The tile server of every map: `VITE_MAP_TILE_URL` at build time (a Leaflet URL template, e.g. a
 * paid or self-hosted provider, since OpenStreetMap's public tiles are not meant for production
 * traffic), else OpenStreetMap. `VITE_MAP_ATTRIBUTION` goes with it (HTML); without it the
 * OpenStreetMap credit is shown only for the default tiles.
 */
export const MAP_TILE_URL: string = import.meta.env.VITE_MAP_TILE_URL?.trim() || OSM_TILE_URL;
export const MAP_ATTRIBUTION: string =
  import.meta.env.VITE_MAP_ATTRIBUTION?.trim() || (MAP_TILE_URL === OSM_TILE_URL ? OSM_ATTRIBUTION : '');

/** A transparent pixel shown in place of tiles that failed to load (offline: no broken images). */
const BLANK_TILE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

export interface MapMarker {
  position: LatLngTuple;
  /** Shown as a tooltip on hover. */
  label?: string;
  /** React key (defaults to the position). */
  id?: string | number;
}

export interface MapPreviewProps {
  /** Map centre; defaults to the first marker, else BRAZIL_CENTER. */
  center?: LatLngTuple;
  /** Zoom level; defaults to MAP_ZOOM.address with a centre/marker, else MAP_ZOOM.default. */
  zoom?: number;
  markers?: readonly MapMarker[];
  /** CSS height (number = px). Default 400 (spec part 1 §9). */
  height?: number | string;
  /** Allow wheel zoom (off by default so the page scrolls over a preview). */
  scrollWheelZoom?: boolean;
  /** Extra react-leaflet layers (polygons, drawing controls…), rendered inside the map. */
  children?: ReactNode;
  /** Accessible name and `data-testid` of the map container. */
  ariaLabel?: string;
  testId?: string;
}

/** Pin drawn in SVG so it needs no image files (Leaflet's default icon breaks under bundlers). */
const PIN_ICON = divIcon({
  className: 'app-map-pin',
  html:
    '<svg xmlns="http://www.w3.org/2000/svg" width="28" height="40" viewBox="0 0 28 40" aria-hidden="true">' +
    '<path d="M14 0C6.3 0 0 6.2 0 13.9 0 24.3 14 40 14 40s14-15.7 14-26.1C28 6.2 21.7 0 14 0z" fill="var(--app-primary, #c62828)"/>' +
    '<circle cx="14" cy="14" r="5.5" fill="#fff"/></svg>',
  iconSize: [28, 40],
  iconAnchor: [14, 40],
  tooltipAnchor: [0, -34],
});

/** Follows `center`/`zoom` changes and container resizes. */
function ViewController({ center, zoom }: { center: LatLngTuple; zoom: number }) {
  const map = useMap();
  const [lat, lng] = center;
  useEffect(() => {
    map.setView([lat, lng], zoom);
  }, [map, lat, lng, zoom]);
  useEffect(() => {
    const container = map.getContainer();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(container);
    return () => observer.disconnect();
  }, [map]);
  return null;
}

export function MapPreview({
  center,
  zoom,
  markers = [],
  height = 400,
  scrollWheelZoom = false,
  children,
  ariaLabel = 'Mapa',
  testId = 'map-preview',
}: MapPreviewProps) {
  const first = markers[0]?.position;
  const effectiveCenter = center ?? first ?? BRAZIL_CENTER;
  const effectiveZoom = zoom ?? (center || first ? MAP_ZOOM.address : MAP_ZOOM.default);
  // Leaflet reports each tile; the map is 'unavailable' while tiles fail and none has loaded.
  const tiles = useRef(NO_TILES);
  const [unavailable, setUnavailable] = useState(false);
  const onTile = (event: 'tileload' | 'tileerror', tile: HTMLElement | undefined) => {
    const counted = tileOutcome(event, tile?.getAttribute('src'), BLANK_TILE);
    if (!counted) return;
    tiles.current = countTile(tiles.current, counted);
    setUnavailable(mapUnavailable(tiles.current));
  };
  return (
    <div
      className="app-map-preview"
      style={{ height }}
      data-testid={testId}
      role="region"
      aria-label={ariaLabel}
    >
      <MapContainer
        center={effectiveCenter}
        zoom={effectiveZoom}
        scrollWheelZoom={scrollWheelZoom}
        style={{ height: '100%', width: '100%' }}
      >
        <TileLayer
          url={MAP_TILE_URL}
          attribution={MAP_ATTRIBUTION}
          maxZoom={19}
          errorTileUrl={BLANK_TILE}
          eventHandlers={{
            tileload: (e: TileEvent) => onTile('tileload', e.tile),
            tileerror: (e: TileErrorEvent) => onTile('tileerror', e.tile),
          }}
        />
        <ViewController center={effectiveCenter} zoom={effectiveZoom} />
        {markers.map((marker) => (
          <Marker key={marker.id ?? marker.position.join(',')} position={marker.position} icon={PIN_ICON}>
            {marker.label ? <Tooltip>{marker.label}</Tooltip> : null}
          </Marker>
        ))}
        {children}
      </MapContainer>
      {unavailable ? (
        <div className="app-map-unavailable" role="status" data-testid={`${testId}-unavailable`}>
          <strong>{MAP_UNAVAILABLE}</strong>
          <span>{MAP_UNAVAILABLE_DETAIL}</span>
        </div>
      ) : null}
    </div>
  );
}

export default MapPreview;
