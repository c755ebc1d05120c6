// Issue 25, liberal receiver: catalogues ONDC's 1.2.0 Workbench mock seller sends for RET10
// (tests/fixtures/ondc-1.2.0/workbench.json, "Search and Custom Menu (Full Catalog City)") are
// listed: a catalogue with a Buyer-Delivery fulfillment, a store without offers, a location
// without an area_code.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { incrementalCatalogSchema, receivedCatalogSchema } from '#/ondc/catalog.ts';
import { catalogRows, isIncrementalCatalog, judgeProviders } from './ingest.ts';

type Payload = {
  from: string;
  body: {
    context: { domain: string };
    message: { catalog: { 'bpp/fulfillments'?: Array<{ type: string }>; 'bpp/providers': Array<Record<string, unknown>> } };
  };
};
const { payloads } = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../tests/fixtures/ondc-1.2.0/workbench.json'), 'utf8')) as {
  payloads: Payload[];
};
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

// Every RET10/RET11 catalogue ONDC publishes for 1.2.0 (the RET-Spec examples and the Workbench
// mock seller's payloads, tests/fixtures/ondc-1.2.0, sources and commits in each file): its
// stores are listed and none of their items is rejected; an incremental refresh is read.
type Published = {
  from: string;
  body: {
    context: { action: string; domain: string; bpp_id: string; city: string };
    message: { catalog: Record<string, unknown> & { 'bpp/providers': unknown[] } };
  };
};
const published = ['ret-spec', 'workbench'].flatMap((name) =>
  (
    JSON.parse(readFileSync(path.join(import.meta.dirname, `../../../tests/fixtures/ondc-1.2.0/${name}.json`), 'utf8')) as { payloads: Published[] }
  ).payloads.filter((p) => p.body.context.action === 'on_search' && ['ONDC:RET10', 'ONDC:RET11'].includes(p.body.context.domain)),
);
// The Workbench RET11 "Complete Auto Flow" answers a search with stores named by id alone (its
// mock fills them in later pages): nothing to show, so they are refused with a reason, not listed.
const placeholders = (p: Published) =>
  (p.body.message.catalog['bpp/providers'] as Array<Record<string, unknown>>).every((provider) => Object.keys(provider).join() === 'id');

describe("ONDC's published 1.2.0 catalogues, RET10 and RET11", () => {
  const full = published.filter((p) => !isIncrementalCatalog(p.body.message.catalog) && !placeholders(p));

  it.each(full.map((p) => [p.from, p] as const))('lists %s, every store and every item', (_from, payload) => {
    const { context, message } = payload.body;
    expect(receivedCatalogSchema.safeParse(message.catalog).success).toBe(true);
    const judged = judgeProviders(message.catalog['bpp/providers']);
    expect(judged.rejected).toEqual([]);
    const rows = catalogRows(judged.providers, { bppId: context.bpp_id, domain: context.domain, cityCode: context.city });
    expect(rows.flatMap((row) => row.rejected)).toEqual([]);
    expect(rows.every((row) => row.items.length > 0 && row.provider.opensAt !== null)).toBe(true);
  });

  it('reads every incremental refresh, a store reopened (label open) among them', () => {
    const refreshes = published.filter((p) => isIncrementalCatalog(p.body.message.catalog));
    expect(refreshes.some((p) => p.from.includes('store_reopen'))).toBe(true);
    expect(refreshes.filter((p) => !incrementalCatalogSchema.safeParse(p.body.message.catalog).success).map((p) => p.from)).toEqual([]);
  });

  it("lists the Workbench pages that name their stores without the seller's own descriptor", () => {
    const pages = full.filter((p) => p.body.message.catalog['bpp/descriptor'] === undefined);
    expect(pages.length).toBe(6);
  });

  it('refuses stores named by id alone, each with its reason', () => {
    const named = published.filter(placeholders);
    expect(named.length).toBeGreaterThan(0);
    for (const payload of named) {
      const judged = judgeProviders(payload.body.message.catalog['bpp/providers']);
      expect(judged.providers).toEqual([]);
      expect(judged.rejected.map((r) => r.code)).toEqual(payload.body.message.catalog['bpp/providers'].map(() => '90019'));
    }
  });

  it('lists the F&B example: add-ons sold with their dish, offers of a kind we do not know left out, hours from the schedule', () => {
    const fnb = full.find((p) => p.from.endsWith('on_search_F&B_Pizza.yaml'))!;
    const [row] = catalogRows(judgeProviders(fnb.body.message.catalog['bpp/providers']).providers, {
      bppId: 'sellerNP.com',
      domain: 'ONDC:RET11',
      cityCode: 'std:080',
    });
    const addOns = row!.items.filter((item) => item.kind === 'customization');
    expect(addOns.length).toBeGreaterThan(5);
    expect(new Set(addOns.map((item) => item.locationId))).toEqual(new Set([row!.provider.locationId]));
    expect(row!.provider.opensAt).not.toBeNull();
    const withOffers = full.find((p) => p.from.endsWith('on_search_F&B.yaml'))!;
    const [store] = catalogRows(judgeProviders(withOffers.body.message.catalog['bpp/providers']).providers, {
      bppId: 'sellerNP.com',
      domain: 'ONDC:RET11',
      cityCode: 'std:080',
    });
    expect((store!.provider.offers as Array<{ descriptor: { code: string } }>).map((o) => o.descriptor.code)).toEqual(['buyXgetY', 'freebie']);
  });
});
