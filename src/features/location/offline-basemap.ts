// The offline basemap on a Leaflet map: the gazetteer's locality areas, tinted, with their names
// and pincodes once zoomed in. Nothing is fetched: the shapes ship with the project.
import type * as Leaflet from 'leaflet';
import { buildBasemap, type LocalityArea } from './basemap.ts';
import './offline-basemap.css';

/** Below this zoom, locality names would pile on each other. */
const LABEL_MIN_ZOOM = 12;
const AREA_TINTS = ['#e4efe8', '#eef0e2', '#e6ecf2', '#f2ebe4', '#ebe6f0'];

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function drawOfflineBasemap(L: typeof Leaflet, m: Leaflet.Map) {
  const basemap = buildBasemap();
  L.geoJSON(basemap, {
    interactive: false,
    // Neighbouring areas get different tints so each locality reads as a patch of its own.
    style: (area) => ({
      className: 'locality-area',
      color: '#7fa496',
      weight: 1,
      fillColor: AREA_TINTS[basemap.features.indexOf(area as LocalityArea) % AREA_TINTS.length],
      fillOpacity: 1,
    }),
  }).addTo(m);
  const labels = L.layerGroup(
    basemap.features.map((area) =>
      L.marker([area.properties.lat, area.properties.lng], {
        interactive: false,
        keyboard: false,
        icon: L.divIcon({
          className: 'locality-label',
          html: `<span>${escapeHtml(area.properties.name)}</span><span class="locality-label__pin">${area.properties.pincode}</span>`,
          iconSize: [120, 32],
          // Below the centre, so the pin standing on the centre does not hide the name.
          iconAnchor: [60, -10],
        }),
      }),
    ),
  ).addTo(m);
  const showLabels = () => {
    if (m.getZoom() >= LABEL_MIN_ZOOM) labels.addTo(m);
    else labels.remove();
  };
  m.on('zoomend', showLabels);
  m.attributionControl.addAttribution('Kirana gazetteer');
}
