// Byte budgets that do not depend on the machine (issue 16): every catalogue page's HTML fits the
// first 14 KB flight, compressed as Chromium asks for it (brotli).
import { get } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { providerUrl } from '../../src/features/catalogue/paths.ts';
import { openGroceryStore } from '../support/fixtures.ts';

const FIRST_FLIGHT_BYTES = 14 * 1024;
const store = openGroceryStore();
const PAGES = ['/', '/stores', '/grocery-category?categoryId=101', '/grocery-search?q=atta', providerUrl({ id: store.provider.id, locationId: store.location.id })];

/** The bytes on the wire, not decompressed. */
function wireBytes(url: string): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] }));
    }).on('error', reject);
  });
}

describe.each(inject('servers'))('catalogue page budgets on $name', ({ url }) => {
  it.each(PAGES)('%s is at most 14 KB on the wire (brotli)', async (page) => {
    const { bytes, encoding } = await wireBytes(url + page);
    expect(encoding).toBe('br');
    expect(bytes).toBeLessThanOrEqual(FIRST_FLIGHT_BYTES);
  });
});
