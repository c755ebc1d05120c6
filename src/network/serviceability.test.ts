import { describe, expect, it } from 'vitest';
import { generateNetwork, type ProviderLocation } from './catalogue/generate.ts';
import { checkDelivery, localityOf, RIDER_RANGE_KM } from './serviceability.ts';

const providers = generateNetwork().sellers.flatMap((s) => s.providers);
function locationOf(id: string): ProviderLocation {
  const location = providers.find((p) => p.id === id)?.locations[0];
  if (!location) throw new Error(`missing ${id}`);
  return location;
}
const freshmart = locationOf('bengaluru-grocer-one-store');

describe('delivery serviceability (ondc-notes §1 on_select, SPEC §8)', () => {
  it('is serviceable for a pincode in the circle within rider range', () => {
    expect(checkDelivery(freshmart, '560102')).toMatchObject({ serviceable: true });
  });

  it('gives 30009 for a pincode outside the circle, or unknown', () => {
    for (const pincode of ['560064', '110001', '999999', 'abc']) {
      expect(checkDelivery(freshmart, pincode)).toMatchObject({ serviceable: false, code: '30009' });
    }
  });

  it(`gives 30011 for a served pincode beyond the riders' ${RIDER_RANGE_KM} km`, () => {
    expect(freshmart.servesPincodes).toContain('560024');
    expect(checkDelivery(freshmart, '560024')).toMatchObject({ serviceable: false, code: '30011' });
  });

  it('finds localities by pincode', () => {
    expect(localityOf('560102')?.name).toBe('HSR Layout');
    expect(localityOf('000000')).toBeUndefined();
  });
});
