// Threat: a return photo gives away where the shopper lives (issue 24). Phone cameras write EXIF
// with the GPS position, the phone's make and model, and more; the photo was kept and shown to the
// seller byte for byte. It is now decoded and written again: pixels only, upright.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder, type Client } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';
import { startServer, type StartedServer } from '../support/server.ts';

// The sellers' clock fast, so an order is delivered (photos go with a return) within seconds.
let server: StartedServer;
beforeAll(async () => {
  server = await startServer({ NETWORK_CLOCK_SPEED: '120' }, { timeoutMs: 300_000 });
}, 320_000);
afterAll(async () => server?.stop());

async function delivered(client: Client, orderId: string) {
  for (let i = 0; i < 120; i++) {
    const order = await (await client.get(`/ondc/order/detail?order_id=${orderId}`)).json();
    if (order.status === 'delivered') return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`order ${orderId} was not delivered within a minute`);
}

/** What a phone camera writes: a JPEG with the home's GPS position, the phone, and a sideways orientation. */
function cameraPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a7' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Cam 9 Pro' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '77/1 38/1 4321/100' },
    })
    .toBuffer();
}

describe('return photos', () => {
  it('are kept without EXIF (no GPS, no phone), upright, for the shopper and the seller alike', async () => {
    const client = shopper(server.url);
    const { orderId } = await placeOrder(client, 'cod');
    await delivered(client, orderId);
    const photo = await cameraPhoto();
    const sent = await sharp(photo).metadata();
    expect(sent.exif, 'the photo as the phone wrote it carries EXIF').toBeDefined();
    expect(sent.orientation).toBe(6);
    expect(photo.includes('PhoneCo')).toBe(true);

    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const upload = await fetch(`${server.url}/ondc/order/return-photo?order_id=${orderId}`, {
      method: 'POST',
      body: new Uint8Array(photo),
      headers: { 'content-type': 'image/jpeg', origin: server.url, cookie },
    });
    expect(upload.status).toBe(200);
    const { data } = await upload.json();
    const served = await client.get(`/return-photos/${data.photo_id}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const kept = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(kept).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(kept.includes('Exif')).toBe(false);
    expect(kept.includes('PhoneCo')).toBe(false);
    // Turned as the camera said (orientation 6: 90° clockwise), so nothing needs the tag any more.
    expect([metadata.width, metadata.height]).toEqual([300, 400]);
    expect(metadata.orientation ?? 1).toBe(1);

    // What only claims to be a photo is still refused.
    const fake = await fetch(`${server.url}/ondc/order/return-photo?order_id=${orderId}`, {
      method: 'POST',
      body: new Uint8Array([0xff, 0xd8, 0xff, 0, 1, 2, 3]),
      headers: { 'content-type': 'image/jpeg', origin: server.url, cookie },
    });
    expect(fake.status).toBe(400);
  }, 180_000);
});
