// Share cards: an SVG picture (ours or a seller's) centred on a 1200×630 PNG, the one shape and
// format every link preview draws. sharp renders the SVG without fetching anything it names.
import sharp from 'sharp';
import { SHARE_SIZE } from './sharing.ts';

const BACKGROUND = '#f1f8f4';
/** The picture's side: most of the card's height, leaving a margin previews do not crop. */
const PICTURE = 480;

export async function shareCard(svg: Uint8Array): Promise<Buffer> {
  // Seller SVGs are drawn on small view boxes; a high density keeps the edges sharp at 480 px.
  const picture = await sharp(svg, { density: 600, limitInputPixels: 4096 * 4096 })
    .resize(PICTURE, PICTURE, { fit: 'contain', background: BACKGROUND })
    .png()
    .toBuffer();
  return sharp({ create: { ...SHARE_SIZE, channels: 4, background: BACKGROUND } })
    .composite([{ input: picture, gravity: 'center' }])
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}
