// Catalogue pictures drawn by code: a coloured rounded tile, a simple white shape for the
// kind of product (leaf, bottle, packet, bowl …) and the product's initials. Nothing is
// fetched from outside, every picture is a few hundred bytes, and the same key always draws
// the same picture, so sellers can serve them with long cache lifetimes.
import { hashString } from './random.ts';

const ITEM_SHAPES = {
  leaf: '<path d="M28 60C28 36 44 22 70 20c0 26-14 42-38 42z"/><path d="M30 62l24-24" stroke="#0003" stroke-width="3"/>',
  fruit: '<circle cx="48" cy="44" r="19"/><path d="M48 26c2-6 8-9 14-8-2 6-8 9-14 8z"/>',
  carton: '<path d="M36 22h24l6 12v32H30V34z"/><path d="M30 34h36" stroke="#0003" stroke-width="3"/>',
  cup: '<path d="M28 28h34v16a17 17 0 0 1-34 0z"/><path d="M62 32h4a7 7 0 0 1 0 14h-4" fill="none" stroke="#fff" stroke-width="4"/>',
  bottle: '<path d="M42 16h12v10l6 8v32H36V34l6-8z"/><path d="M36 44h24" stroke="#0003" stroke-width="6"/>',
  packet: '<path d="M30 20h36l-3 5 3 5v36H30V30l3-5z"/><circle cx="48" cy="46" r="8" fill="#0002"/>',
  bowl: '<path d="M22 40h52a26 26 0 0 1-52 0z"/><path d="M40 20q4 6 0 12M52 20q4 6 0 12" fill="none" stroke="#fff" stroke-width="3"/>',
  box: '<rect x="28" y="22" width="40" height="44" rx="4"/><path d="M28 34h40" stroke="#0003" stroke-width="3"/>',
  sack: '<path d="M36 20h24l-4 9c11 6 14 20 11 37H29c-3-17 0-31 11-37z"/><path d="M38 29h20" stroke="#0003" stroke-width="3"/>',
  jar: '<rect x="34" y="18" width="28" height="9" rx="2"/><rect x="30" y="29" width="36" height="37" rx="7"/>',
  spray: '<rect x="38" y="30" width="20" height="36" rx="4"/><path d="M42 18h12v12H42zM54 21h10"/>',
  soap: '<rect x="24" y="34" width="48" height="26" rx="13"/><circle cx="34" cy="26" r="4"/><circle cx="44" cy="22" r="3"/>',
  tube: '<path d="M36 18h24l-3 40H39z"/><rect x="42" y="58" width="12" height="8" rx="2"/>',
  sweet: '<circle cx="38" cy="52" r="11"/><circle cx="58" cy="52" r="11"/><circle cx="48" cy="34" r="11"/>',
  bar: '<rect x="26" y="24" width="44" height="40" rx="4"/><path d="M26 37h44M26 51h44M41 24v40M55 24v40" stroke="#0003" stroke-width="3"/>',
  pill: '<rect x="20" y="36" width="56" height="22" rx="11" transform="rotate(-30 48 47)"/>',
  egg: '<ellipse cx="48" cy="44" rx="16" ry="21"/>',
  meat: '<path d="M58 24a16 16 0 0 1 6 26L48 58l-8-8 8-16a16 16 0 0 1 10-10z"/><path d="M40 50L28 62" stroke="#fff" stroke-width="6" stroke-linecap="round"/>',
  fish: '<ellipse cx="44" cy="44" rx="20" ry="12"/><path d="M62 44l12-10v20z"/>',
  bread: '<path d="M24 42a14 14 0 0 1 14-16h20a14 14 0 0 1 14 16v22H24z"/>',
  cheese: '<path d="M22 60L70 30v30z"/><circle cx="56" cy="50" r="4" fill="#0002"/>',
  flower:
    '<circle cx="48" cy="30" r="9"/><circle cx="62" cy="42" r="9"/><circle cx="56" cy="58" r="9"/><circle cx="40" cy="58" r="9"/><circle cx="34" cy="42" r="9"/>',
  plate: '<circle cx="48" cy="46" r="22"/><path d="M30 50L66 34l-6 18z" fill="#0003"/>',
  pizza: '<circle cx="48" cy="44" r="22"/><path d="M48 22v44M26 44h44" stroke="#0003" stroke-width="3"/><circle cx="40" cy="36" r="3" fill="#0003"/>',
  burger: '<path d="M26 40a22 16 0 0 1 44 0z"/><rect x="24" y="44" width="48" height="6" rx="3"/><rect x="26" y="54" width="44" height="10" rx="5"/>',
  glass: '<path d="M32 20h32l-5 46H37z"/><path d="M34 34h28" stroke="#0003" stroke-width="3"/>',
} as const;

export type ImageFamily = keyof typeof ITEM_SHAPES;

const PROVIDER_SHAPES = {
  store: '<path d="M22 26h52l4 14H18z"/><rect x="24" y="42" width="48" height="24" rx="2"/><rect x="42" y="50" width="12" height="16" fill="#0003"/>',
  restaurant: '<path d="M22 56a26 26 0 0 1 52 0z"/><rect x="18" y="58" width="60" height="6" rx="3"/><circle cx="48" cy="28" r="4"/>',
  seller: '<path d="M28 34h40l-4 32H32z"/><path d="M38 34v-6a10 10 0 0 1 20 0v6" fill="none" stroke="#fff" stroke-width="4"/>',
} as const;

export type ProviderImageKind = keyof typeof PROVIDER_SHAPES;

// Deep, saturated tiles so the white shapes and initials keep a readable contrast.
const PALETTE = ['#2e7d32', '#1565c0', '#c62828', '#6d4c41', '#ef6c00', '#ad1457', '#00838f', '#5e35b1', '#bf360c', '#00695c', '#8e24aa', '#37474f'] as const;

/** Lower-case words joined by hyphens: the part of an image key after the family. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function itemImageKey(family: ImageFamily, name: string): string {
  return `${family}/${slugify(name)}`;
}

export function providerImageKey(kind: ProviderImageKind, name: string): string {
  return `${kind}/${slugify(name)}`;
}

/** Where a seller serves a picture: the network's HTTP server answers these paths. */
export function imageUrl(bppUri: string, kind: 'item' | 'provider', key: string): string {
  return `${bppUri}/images/${kind}/${key}.svg`;
}

function initialsOf(slug: string): string {
  const words = slug.split('-').filter((word) => /^[a-z0-9]/.test(word) && word !== 'and');
  const letters = words.slice(0, 2).map((word) => word.charAt(0).toUpperCase());
  return letters.length > 0 ? letters.join('') : '?';
}

function splitKey<T extends string>(key: string, shapes: Readonly<Record<T, string>>, fallback: T) {
  const slash = key.indexOf('/');
  const family = slash > 0 ? key.slice(0, slash) : '';
  const slug = slash > 0 ? key.slice(slash + 1) : key;
  const known = Object.hasOwn(shapes, family) ? (family as T) : fallback;
  return { shape: shapes[known], slug: slugify(slug) };
}

function tile(shape: string, slug: string, radius: number): string {
  const colour = PALETTE[hashString(slug) % PALETTE.length];
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">' +
    `<rect width="96" height="96" rx="${radius}" fill="${colour}"/>` +
    `<g fill="#fff">${shape}</g>` +
    '<text x="48" y="86" font-family="system-ui,sans-serif" font-size="14" font-weight="700" ' +
    `text-anchor="middle" fill="#fff">${initialsOf(slug)}</text></svg>`
  );
}

/** An item picture for a key `family/slug` (see itemImageKey); unknown families draw a box. */
export function drawItemSvg(key: string): string {
  const { shape, slug } = splitKey<ImageFamily>(key, ITEM_SHAPES, 'box');
  return tile(shape, slug, 18);
}

/** A provider or seller logo for a key `store|restaurant|seller/slug`. */
export function drawProviderSvg(key: string): string {
  const { shape, slug } = splitKey<ProviderImageKind>(key, PROVIDER_SHAPES, 'store');
  return tile(shape, slug, 48);
}
