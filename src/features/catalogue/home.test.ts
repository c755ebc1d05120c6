import { describe, expect, it } from 'vitest';
import { OFFER_CARD_TEMPLATES, offerTemplateFor } from './home.ts';

describe('SPEC §3 offer card templates', () => {
  it('has default, biryani, burger, chicken and rice, each with title, bgImage and textColor', () => {
    expect(Object.keys(OFFER_CARD_TEMPLATES)).toEqual(['default', 'biryani', 'burger', 'chicken', 'rice']);
    for (const card of Object.values(OFFER_CARD_TEMPLATES)) {
      expect(card).toEqual({
        title: expect.any(String),
        bgImage: expect.stringMatching(/^\/images\/offers\/.+\.svg$/),
        textColor: expect.stringMatching(/^#/),
      });
    }
  });
  it('picks a template by what a store cooks', () => {
    expect(offerTemplateFor('Hyderabadi Biryani House')).toBe('biryani');
    expect(offerTemplateFor('Burger Junction')).toBe('burger');
    expect(offerTemplateFor('South Indian Meals')).toBe('rice');
    expect(offerTemplateFor('Quick Basket')).toBe('default');
  });
});
