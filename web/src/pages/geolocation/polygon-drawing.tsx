// Leaflet first: geoman extends the `L` that Leaflet puts on window.
import 'leaflet';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import type { Layer, LeafletEvent, Polygon } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { polygonPayload, type PolygonLatLngs, type PolygonPayload } from './geo-model';

/** The drawn area's look: the app's primary colour, translucent so the map shows through. */
// (SVG attributes ignore CSS variables: the class in geolocation.css applies the tenant's colour.)
const AREA_STYLE = { className: 'geo-area', color: '#c62828', fillOpacity: 0.15, weight: 3 };

/**
 * The drawing toolbar of the geographic map (leaflet-geoman): only polygons can be drawn (no
 * rectangle, circle, circle marker, marker, polyline or text), and the drawn polygon can be edited
 * (its vertices moved) or removed. One area at a time: a new polygon replaces the previous one.
 * `onChange` gets the area as the count payload after each creation or edit, undefined once removed.
 */
export function PolygonDrawing({ onChange }: { onChange: (polygon: PolygonPayload | undefined) => void }) {
  const map = useMap();
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });

  useEffect(() => {
    let area: Polygon | undefined;
    const report = () =>
      changed.current(area ? polygonPayload(area.getLatLngs() as PolygonLatLngs) : undefined);

    map.pm.setLang('pt_br');
    map.pm.setGlobalOptions({
      allowSelfIntersection: false,
      templineStyle: AREA_STYLE,
      hintlineStyle: { ...AREA_STYLE, dashArray: '5 5' },
      pathOptions: AREA_STYLE,
    });
    map.pm.addControls({
      position: 'topleft',
      drawPolygon: true,
      drawMarker: false,
      drawCircleMarker: false,
      drawPolyline: false,
      drawRectangle: false,
      drawCircle: false,
      drawText: false,
      editMode: true,
      removalMode: true,
      dragMode: false,
      cutPolygon: false,
      rotateMode: false,
    });

    const onCreate = (event: LeafletEvent & { shape?: string; layer?: Layer }) => {
      if (event.shape !== 'Polygon' || !event.layer) {
        event.layer?.remove();
        return;
      }
      if (area) area.remove();
      area = event.layer as Polygon;
      area.on('pm:edit', report);
      report();
    };
    const onRemove = (event: LeafletEvent & { layer?: Layer }) => {
      if (event.layer !== area) return;
      area = undefined;
      report();
    };
    map.on('pm:create', onCreate);
    map.on('pm:remove', onRemove);
    return () => {
      map.off('pm:create', onCreate);
      map.off('pm:remove', onRemove);
      area?.remove();
      map.pm.removeControls();
    };
  }, [map]);

  return null;
}
