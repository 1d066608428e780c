// Build variables read by the map (see map-preview.tsx and the README's configuration table).
interface ImportMetaEnv {
  readonly VITE_MAP_TILE_URL?: string;
  readonly VITE_MAP_ATTRIBUTION?: string;
}
