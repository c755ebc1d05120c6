import { describe, expect, it } from 'vitest';
import { bapTerms, confirmQuote } from './terms.ts';

describe('confirm terms', () => {
  it('sends the seller’s quote back without its stock figures', () => {
    const quote = {
      price: { currency: 'INR', value: '100.00' },
      breakup: [
        { '@ondc/org/item_id': 'a', '@ondc/org/title_type': 'item', item: { quantity: { available: { count: '99' } }, price: { value: '50.00' } } },
        { '@ondc/org/item_id': 'F1', '@ondc/org/title_type': 'delivery', price: { value: '0.00' } },
      ],
      ttl: 'PT1H',
    };
    expect(confirmQuote(quote)).toEqual({
      ...quote,
      breakup: [{ '@ondc/org/item_id': 'a', '@ondc/org/title_type': 'item', item: { price: { value: '50.00' } } }, quote.breakup[1]],
    });
    expect(quote.breakup[0]!.item).toHaveProperty('quantity');
  });
  it('states our GST number in bap_terms', () => {
    expect(bapTerms('29ABCDE1234F1Z5')).toEqual({ code: 'bap_terms', list: [{ code: 'tax_number', value: '29ABCDE1234F1Z5' }] });
  });
});
