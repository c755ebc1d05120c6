import { describe, expect, it } from 'vitest';
import { dishLineFields } from './dish-lines.ts';

describe('restaurant order lines (Pramaan RET11 select, init, confirm)', () => {
  it('gives a plain dish its own line id and the item tag; a customised line keeps the cart’s', () => {
    expect(dishLineFields('ONDC:RET11', 'D1', {})).toEqual({ parent_item_id: 'D1', tags: [{ code: 'type', list: [{ code: 'type', value: 'item' }] }] });
    const addOn = { parent_item_id: 'L7', tags: [{ code: 'type', list: [{ code: 'type', value: 'customization' }] }] };
    expect(dishLineFields('ONDC:RET11', 'C1', addOn)).toEqual(addOn);
  });

  it('leaves groceries as they are', () => {
    expect(dishLineFields('ONDC:RET10', 'G1', {})).toEqual({});
    expect(dishLineFields('ONDC:RET10', 'G1', { parent_item_id: undefined, tags: undefined })).toEqual({});
  });
});
