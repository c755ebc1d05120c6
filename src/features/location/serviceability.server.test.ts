import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import { isPincodeServed } from './serviceability.server.ts';

describe.each(testDatabases())('whether any seller delivers to a pincode ($name)', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    await database.exec(`
      INSERT INTO catalogue_sellers (bpp_id, bpp_uri, name) VALUES ('s1', 'http://127.0.0.1:1/s1', 'Seller');
      INSERT INTO catalogue_providers (bpp_id, provider_id, domain, city_code, name, status, location_id, location_status,
        lat, lng, radius_km, serves_pincodes)
      VALUES ('s1', 'p1', 'ONDC:RET10', 'std:080', 'Store', 'enable', 'l1', 'enable', 12.91, 77.64, 3, ARRAY['560102', '560034']);
    `);
  });
  afterAll(() => database.close());

  it('is served when a seller lists the pincode', async () => {
    expect(await isPincodeServed(database, '560034')).toBe(true);
  });
  it('is not served when no seller lists it', async () => {
    expect(await isPincodeServed(database, '560064')).toBe(false);
  });
});
