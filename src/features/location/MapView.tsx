import type * as Leaflet from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { drawOfflineBasemap } from './offline-basemap.ts';
import type { LatLng } from '#/lib/geo.ts';

export interface TileSource {
  url: string;
  attribution: string;
}

interface Props {
  pin: LatLng;
  /** null: draw the offline basemap (locality areas with names and pincodes) on a plain background. */
  tiles: TileSource | null;
  onPinMove: (point: LatLng) => void;
  /** The map's words in the page's language: the pin's tooltip and text alternative, the region's name, the loading note, the zoom buttons. */
  text: { pinTitle: string; pinAlt: string; mapRegion: string; mapLoading: string; zoomIn: string; zoomOut: string };
}

const START_ZOOM = 13;

/**
 * The map of /address-map: a draggable pin, tap to place it. Leaflet loads after hydration (it
 * needs `window`), so the server HTML carries only the frame.
 */
export default function MapView({ pin, tiles, onPinMove, text }: Props) {
  const container = useRef<HTMLElement>(null);
  const map = useRef<Leaflet.Map | null>(null);
  const marker = useRef<Leaflet.Marker | null>(null);
  const [ready, setReady] = useState(false);
  // What the shopper did to the pin, told to this render's owner: Leaflet's handlers outlive renders.
  const movePin = useEffectEvent((point: LatLng) => onPinMove(point));

  // Built once, with the pin, tiles and words of the render Leaflet arrives in: later pins move it
  // through the effect below; tiles and words do not change on a page.
  const buildMap = useEffectEvent((L: typeof Leaflet, element: HTMLElement) => {
    // Leaflet's own zoom buttons say "Zoom in" in English: these say it in the page's language.
    const m = L.map(element, { center: [pin.lat, pin.lng], zoom: START_ZOOM, minZoom: 10, maxZoom: 18, zoomControl: false });
    L.control.zoom({ zoomInTitle: text.zoomIn, zoomOutTitle: text.zoomOut }).addTo(m);
    m.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    if (tiles) {
      L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(m);
    } else {
      drawOfflineBasemap(L, m);
    }
    const pinIcon = L.divIcon({ className: 'map-pin', html: '<span class="map-pin__head"></span>', iconSize: [36, 44], iconAnchor: [18, 44] });
    const mk = L.marker([pin.lat, pin.lng], {
      draggable: true,
      autoPan: true,
      icon: pinIcon,
      title: text.pinTitle,
      alt: text.pinAlt,
      zIndexOffset: 1000,
    }).addTo(m);
    mk.on('dragend', () => {
      const at = mk.getLatLng();
      movePin({ lat: at.lat, lng: at.lng });
    });
    m.on('click', (event: Leaflet.LeafletMouseEvent) => {
      mk.setLatLng(event.latlng);
      movePin({ lat: event.latlng.lat, lng: event.latlng.lng });
    });
    // Keyboard users move the map with the arrow keys (Leaflet) and drop the pin at its centre.
    m.getContainer().addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || event.target !== m.getContainer()) return;
      const centre = m.getCenter();
      mk.setLatLng(centre);
      movePin({ lat: centre.lat, lng: centre.lng });
    });
    return { m, mk };
  });

  useEffect(() => {
    let cancelled = false;
    let resize: ResizeObserver | undefined;
    void import('leaflet').then(({ default: L }) => {
      if (cancelled || !container.current) return;
      const { m, mk } = buildMap(L, container.current);
      // The sheet, the viewport and late styles change the box after Leaflet measured it.
      resize = new ResizeObserver(() => m.invalidateSize());
      resize.observe(container.current);
      map.current = m;
      marker.current = mk;
      setReady(true);
    });
    return () => {
      cancelled = true;
      resize?.disconnect();
      map.current?.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    if (!ready || !map.current || !marker.current) return;
    marker.current.setLatLng([pin.lat, pin.lng]);
    map.current.panTo([pin.lat, pin.lng]);
  }, [ready, pin.lat, pin.lng]);

  return (
    <section className="picker__map" ref={container} aria-label={text.mapRegion}>
      {!ready && <p className="picker__map-note">{text.mapLoading}</p>}
    </section>
  );
}
