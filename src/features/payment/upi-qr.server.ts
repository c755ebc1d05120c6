// The QR code a desktop shows for a UPI intent (issue 29): the same upi://pay link a phone opens,
// scanned by the shopper's UPI app. Neither Node nor the browser can make a QR code, so `uqr`
// (no dependencies) encodes it; we draw its modules as one SVG path, a few KB, made on the server
// so the page carries no QR code of its own.
import { encode } from 'uqr';

/** Modules of white around the code: the quiet zone the QR standard asks for. */
const QUIET_ZONE = 4;

/** An SVG of the QR code of `text`: each row's runs of dark modules as rectangles of one path. */
export function qrSvg(text: string): string {
  const { data } = encode(text, { ecc: 'M', border: QUIET_ZONE });
  const size = data.length;
  const runs: string[] = [];
  data.forEach((row, y) => {
    for (let x = 0; x < size; x++) {
      if (!row[x]) continue;
      const start = x;
      while (row[x + 1]) x++;
      const length = x - start + 1;
      runs.push(`M${start} ${y}h${length}v1h-${length}z`);
    }
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${runs.join('')}"/></svg>`;
}
