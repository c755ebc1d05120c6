import { describe, expect, it } from 'vitest';
import { drawItemSvg, drawProviderSvg, imageUrl, itemImageKey, providerImageKey, slugify } from './images.ts';

const isSvg = (svg: string) => {
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(svg.length).toBeLessThan(2048);
  // Balanced elements: every opened tag is closed or self-closing.
  const opened = svg.match(/<[a-z]+[^>]*[^/]>/g)?.length ?? 0;
  const closed = svg.match(/<\/[a-z]+>/g)?.length ?? 0;
  expect(opened).toBe(closed);
};

describe('item pictures', () => {
  it('draws a small valid SVG with the product initials', () => {
    const svg = drawItemSvg(itemImageKey('sack', 'Aashirvaad Shudh Chakki Atta'));
    isSvg(svg);
    expect(svg).toContain('>AS</text>');
  });

  it('is deterministic and differs between products', () => {
    expect(drawItemSvg('bottle/thums-up')).toBe(drawItemSvg('bottle/thums-up'));
    expect(drawItemSvg('bottle/thums-up')).not.toBe(drawItemSvg('leaf/thums-up'));
  });

  it('draws every family and falls back to a box for unknown keys', () => {
    for (const family of ['leaf', 'fruit', 'carton', 'cup', 'packet', 'bowl', 'pizza', 'burger', 'glass', 'plate']) {
      isSvg(drawItemSvg(`${family}/x-y`));
    }
    expect(drawItemSvg('nonsense/masala-dosa')).toBe(drawItemSvg('box/masala-dosa'));
  });

  it('keeps hostile keys out of the markup', () => {
    const svg = drawItemSvg('leaf/<script>alert(1)</script>');
    isSvg(svg);
    expect(svg).not.toContain('<script');
  });
});

describe('provider pictures', () => {
  it('draws stores, restaurants and sellers', () => {
    for (const key of [providerImageKey('store', 'FreshMart'), providerImageKey('restaurant', 'Biryani Darbar'), providerImageKey('seller', 'Dine One')]) {
      isSvg(drawProviderSvg(key));
    }
    expect(drawProviderSvg('restaurant/biryani-darbar')).toContain('>BD</text>');
  });
});

describe('image keys and urls', () => {
  it('slugs names and builds the seller path', () => {
    expect(slugify("Haldiram's Aloo Bhujia & More")).toBe('haldiram-s-aloo-bhujia-and-more');
    expect(imageUrl('http://127.0.0.1:4100', 'item', 'leaf/onion')).toBe('http://127.0.0.1:4100/images/item/leaf/onion.svg');
  });
});
