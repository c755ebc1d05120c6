// Issue 25, liberal receiver: catalogues ONDC's 1.2.0 Workbench mock seller sends for RET10
// (tests/fixtures/ondc-1.2.0/workbench.json, "Search and Custom Menu (Full Catalog City)") are
// listed: a catalogue with a Buyer-Delivery fulfillment, a store without offers, a location
// without an area_code.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { receivedCatalogSchema } from '../../ondc/catalog.ts';
import { catalogRows, judgeProviders } from './ingest.ts';

type Payload = { from: string; body: { context: { domain: string }; message: { catalog: { 'bpp/fulfillments'?: Array<{ type: string }>; 'bpp/providers': Array<Record<string, unknown>> } } } };
const { payloads } = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../tests/fixtures/ondc-1.2.0/workbench.json'), 'utf8')) as { payloads: Payload[] };
const fullCatalogues = payloads.filter((p) => p.from.startsWith('draft-RET10-1.2.0 Search_and_Custom_Menu__Full_Catalog_City_.yaml on_search'));

function listed(catalog: Payload['body']['message']['catalog']) {
  expect(receivedCatalogSchema.safeParse(catalog).success).toBe(true);
  const judged = judgeProviders(catalog['bpp/providers']);
  expect(judged.rejected).toEqual([]);
  return catalogRows(judged.providers, { bppId: 'sellerNP.com', domain: 'ONDC:RET10', cityCode: 'std:080' });
}

describe('catalogues as ONDC sends them', () => {
  it('lists the Workbench RET10 full catalogue, with and without its Buyer-Delivery fulfillment, though its store has no offers', () => {
    expect(fullCatalogues.length).toBeGreaterThanOrEqual(2);
    expect(fullCatalogues.some((p) => p.body.message.catalog['bpp/fulfillments']?.some((f) => f.type === 'Buyer-Delivery'))).toBe(true);
    for (const payload of fullCatalogues) {
      expect(payload.body.message.catalog['bpp/providers'].every((p) => p['offers'] === undefined)).toBe(true);
      const [row] = listed(payload.body.message.catalog);
      expect(row?.provider.name).toBeTruthy();
      expect(row?.provider.offers).toEqual([]);
      expect(row?.items.length).toBeGreaterThan(0);
    }
  });

  it('lists a store whose location has no area_code, serving the pincodes it names and no other', () => {
    const catalog = structuredClone(fullCatalogues[0]!.body.message.catalog);
    const location = (catalog['bpp/providers'][0]!['locations'] as Array<{ address: Record<string, unknown> }>)[0]!;
    delete location.address['area_code'];
    const [row] = listed(catalog);
    expect(row?.provider.areaCode).toBeNull();
    expect(row?.provider.servesPincodes).toEqual([]);
  });
});
