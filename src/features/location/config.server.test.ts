import { describe, expect, it } from 'vitest';
import { readLocationConfig } from './config.server.ts';

describe('location configuration (nothing fetched from outside by default)', () => {
  it('draws the offline basemap and geocodes offline when nothing is set', () => {
    expect(readLocationConfig({})).toEqual({ tiles: null, reverseGeocodeUrl: null });
  });
  it('takes a tile URL template and the origin the CSP must allow', () => {
    expect(readLocationConfig({ MAP_TILE_URL: 'https://tiles.example.in/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© Example' }).tiles).toEqual({
      url: 'https://tiles.example.in/{z}/{x}/{y}.png',
      origin: 'https://tiles.example.in',
      attribution: '© Example',
    });
    expect(readLocationConfig({ MAP_TILE_URL: 'https://{s}.tiles.example.in/{z}/{x}/{y}.png' }).tiles?.origin).toBe('https://*.tiles.example.in');
  });
  it('refuses templates without their placeholders', () => {
    expect(() => readLocationConfig({ MAP_TILE_URL: 'https://tiles.example.in/tile.png' })).toThrow(/needs \{z\}, \{x\} and \{y\}/);
    expect(() => readLocationConfig({ REVERSE_GEOCODE_URL: 'https://geo.example.in/reverse' })).toThrow(/needs \{lat\} and \{lng\}/);
  });
});
