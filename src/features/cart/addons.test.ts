import { describe, expect, it } from 'vitest';
import {
  addOnPages,
  addOnPricePaise,
  defaultSelection,
  describeProblem,
  FIRST_ADD_ON_PAGE,
  selectionProblems,
  toggleAddOn,
  type AddOnGroup,
  type AddOnOption,
  type AddOnTree,
} from './addons.ts';

const option = (id: string, pricePaise: number, extra: Partial<AddOnOption> = {}): AddOnOption => ({
  id,
  name: id,
  pricePaise,
  isDefault: false,
  childGroupIds: [],
  inStock: true,
  veg: 'veg',
  ...extra,
});
const group = (id: string, min: number, max: number, seq: number, options: AddOnOption[]): AddOnGroup => ({ id, name: id, min, max, seq, options });

// ONDC's pizza: size (single, required) opens crust (single, required) opens toppings (multi, up to 2).
const pizza: AddOnTree = {
  rootGroupIds: ['size', 'dips'],
  groups: {
    size: group('size', 1, 1, 1, [option('regular', 0, { isDefault: true, childGroupIds: ['crust'] }), option('large', 30000, { childGroupIds: ['crust'] })]),
    crust: group('crust', 1, 1, 3, [
      option('classic', 0, { isDefault: true, childGroupIds: ['toppings'] }),
      option('burst', 9900, { childGroupIds: ['toppings'] }),
    ]),
    toppings: group('toppings', 0, 2, 4, [option('olives', 4000), option('paneer', 6000), option('corn', 3000), option('jalapeno', 3000, { inStock: false })]),
    dips: group('dips', 0, 3, 2, [option('mayo', 2000), option('cheese-dip', 2500, { isDefault: true })]),
  },
};

describe('SPEC §4 add-ons: defaults', () => {
  it('preselects the default add-ons and expands the child groups they open, with their defaults', () => {
    expect(defaultSelection(pizza).sort()).toEqual(['cheese-dip', 'classic', 'regular']);
  });

  it('skips a default that is out of stock', () => {
    const tree: AddOnTree = { rootGroupIds: ['g'], groups: { g: group('g', 0, 1, 1, [option('a', 0, { isDefault: true, inStock: false })]) } };
    expect(defaultSelection(tree)).toEqual([]);
  });
});

describe('SPEC §3 add-on pages', () => {
  it('starts at page 1 with the dish’s own groups, in seq order', () => {
    expect(FIRST_ADD_ON_PAGE).toBe(1);
    expect(addOnPages(pizza, [])).toEqual([['size', 'dips']]);
  });

  it('puts the child groups of picked options on the next page', () => {
    expect(addOnPages(pizza, defaultSelection(pizza))).toEqual([['size', 'dips'], ['crust'], ['toppings']]);
  });
});

describe('SPEC §4 add-ons: single-select replaces within the same parent', () => {
  it('replaces the pick and keeps the child groups it opens', () => {
    const picked = toggleAddOn(pizza, defaultSelection(pizza), 'large').selection;
    expect(picked.sort()).toEqual(['cheese-dip', 'classic', 'large']);
  });

  it('keeps a required single choice when it is tapped again', () => {
    const selection = defaultSelection(pizza);
    expect(toggleAddOn(pizza, selection, 'regular').selection).toEqual(selection);
  });

  it('drops the picks of groups the replaced option had opened', () => {
    const tree: AddOnTree = {
      rootGroupIds: ['portion'],
      groups: {
        portion: group('portion', 1, 1, 1, [option('half', 0, { childGroupIds: ['side'] }), option('full', 16000)]),
        side: group('side', 0, 1, 2, [option('raita', 3000)]),
      },
    };
    const withSide = toggleAddOn(tree, toggleAddOn(tree, [], 'half').selection, 'raita').selection;
    expect(withSide).toEqual(['half', 'raita']);
    expect(toggleAddOn(tree, withSide, 'full').selection).toEqual(['full']);
  });
});

describe('SPEC §4 add-ons: multi-select toggles, within max', () => {
  const base = defaultSelection(pizza);

  it('adds, then removes on a second tap', () => {
    const once = toggleAddOn(pizza, base, 'olives').selection;
    expect(once).toContain('olives');
    expect(toggleAddOn(pizza, once, 'olives').selection).not.toContain('olives');
  });

  it('refuses a pick beyond max and says so', () => {
    const two = toggleAddOn(pizza, toggleAddOn(pizza, base, 'olives').selection, 'paneer').selection;
    const third = toggleAddOn(pizza, two, 'corn');
    expect(third).toEqual({ selection: two, limitReached: true });
  });

  it('ignores an option that is out of stock or whose group is not open', () => {
    expect(toggleAddOn(pizza, base, 'jalapeno').selection).toEqual(base);
    expect(toggleAddOn(pizza, [], 'olives').selection).toEqual([]);
  });
});

describe('SPEC §4 add-ons: min and max per group', () => {
  it('accepts the defaults', () => {
    expect(selectionProblems(pizza, defaultSelection(pizza))).toEqual([]);
  });

  it('names a required group left empty', () => {
    const [problem] = selectionProblems(pizza, []);
    expect(problem).toEqual({ kind: 'too_few', groupId: 'size', min: 1 });
    expect(describeProblem(pizza, problem as NonNullable<typeof problem>)).toBe('Choose at least 1 in size');
  });

  it('refuses too many, unknown, closed and out-of-stock picks', () => {
    const kinds = (selection: string[]) => selectionProblems(pizza, selection).map((p) => p.kind);
    expect(kinds(['regular', 'classic', 'olives', 'paneer', 'corn'])).toEqual(['too_many']);
    expect(kinds(['regular', 'classic', 'pineapple'])).toEqual(['unknown']);
    expect(kinds(['regular', 'olives'])).toEqual(['closed', 'too_few']);
    expect(kinds(['regular', 'classic', 'jalapeno'])).toEqual(['out_of_stock']);
  });
});

describe('SPEC §4 add-ons: the price updates live', () => {
  it('adds the picked options to the dish', () => {
    expect(addOnPricePaise(pizza, ['large', 'burst', 'olives'])).toBe(30000 + 9900 + 4000);
  });
});
