import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawRendition } from './media.server.ts';

/** A seller's photo as cameras write it: big, and noisy enough that it does not compress to nothing. */
async function photo(width: number, height: number, format: 'jpeg' | 'png', quality = 90) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return { body: new Uint8Array(await (format === 'jpeg' ? image.jpeg({ quality }) : image.png()).toBuffer()), type: `image/${format}` };
}

describe('a seller picture as a page shows it (issue 30)', () => {
  it('turns a photo into a WebP of twice the CSS width, its shape kept, far fewer bytes', async () => {
    const original = await photo(1600, 1200, 'jpeg');
    const drawn = await drawRendition(original, 72);
    expect(drawn.type).toBe('image/webp');
    const { format, width, height } = await sharp(drawn.body).metadata();
    expect([format, width, height]).toEqual(['webp', 144, 108]);
    expect(drawn.body.byteLength).toBeLessThan(original.body.byteLength / 10);
  });

  it('never enlarges a small photo, and keeps the seller’s file when a WebP would not be smaller', async () => {
    const small = await photo(100, 100, 'png');
    const drawn = await drawRendition(small, 320);
    const { width } = await sharp(drawn.body).metadata();
    expect(width).toBe(100);
    expect(drawn.body.byteLength).toBeLessThanOrEqual(small.body.byteLength);
    // Squeezed harder by its seller than a WebP at our quality would be.
    const squeezed = await photo(120, 90, 'jpeg', 5);
    expect(await drawRendition(squeezed, 72)).toBe(squeezed);
  });

  it('sends an SVG and a picture it cannot read as they came', async () => {
    const svg = {
      body: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96"/></svg>'),
      type: 'image/svg+xml',
    };
    expect(await drawRendition(svg, 72)).toBe(svg);
    const broken = { body: new TextEncoder().encode('not a jpeg'), type: 'image/jpeg' };
    expect(await drawRendition(broken, 72)).toBe(broken);
  });
});
