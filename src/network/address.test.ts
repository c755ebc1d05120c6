import { describe, expect, it } from 'vitest';
import { addressProblem } from './address.ts';

const good = {
  name: 'Asha Rao',
  building: 'Flat 4B, Lake View Apartments',
  locality: 'HSR Layout',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'IND',
  area_code: '560102',
};

describe('address rule (ondc-notes §1 init)', () => {
  it('accepts a complete address', () => {
    expect(addressProblem(good, 'billing')).toBeNull();
  });

  it('needs a 6-digit pincode', () => {
    expect(addressProblem({ ...good, area_code: '56010' }, 'billing')).toMatch(/6-digit/);
  });

  it('needs name and locality, different from each other', () => {
    expect(addressProblem({ ...good, name: '' }, 'billing')).toMatch(/required/);
    expect(addressProblem({ ...good, name: 'hsr layout' }, 'delivery')).toBe('delivery: name and locality must differ');
  });

  it('keeps name + building + locality under 190 characters', () => {
    expect(addressProblem({ ...good, building: 'x'.repeat(172) }, 'billing')).toMatch(/190/);
    expect(addressProblem({ ...good, building: 'x'.repeat(150) }, 'billing')).toBeNull();
  });
});
