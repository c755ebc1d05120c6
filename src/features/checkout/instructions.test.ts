import { describe, expect, it } from 'vitest';
import { deliveryInstructionsSchema, endInstructions, INSTRUCTIONS_MAX_CHARS, withShopperInstructions } from './instructions.ts';

describe('delivery instructions a shopper writes (issue 29)', () => {
  it('are kept as written, trimmed, line breaks and tabs included', () => {
    expect(deliveryInstructionsSchema.parse('Gate\tB')).toBe('Gate\tB');
    expect(deliveryInstructionsSchema.parse('  Ring twice\nLeave with the guard ')).toBe('Ring twice\nLeave with the guard');
    expect(deliveryInstructionsSchema.parse('गार्ड को दे दें')).toBe('गार्ड को दे दें');
  });

  it('are at most 200 characters', () => {
    expect(deliveryInstructionsSchema.safeParse('a'.repeat(INSTRUCTIONS_MAX_CHARS)).success).toBe(true);
    expect(deliveryInstructionsSchema.safeParse('a'.repeat(INSTRUCTIONS_MAX_CHARS + 1)).success).toBe(false);
  });

  it('refuse NUL and other control characters', () => {
    expect(deliveryInstructionsSchema.safeParse('gate\u0000code').success).toBe(false);
    expect(deliveryInstructionsSchema.safeParse('gate\u001bcode').success).toBe(false);
  });
});

describe('the delivery end’s instructions in the ONDC order', () => {
  it('carry the text as the descriptor’s long_desc', () => {
    expect(endInstructions('Leave at the door')).toEqual({ instructions: { name: 'Delivery instructions', long_desc: 'Leave at the door' } });
  });

  it('are left out when the shopper wrote nothing', () => {
    expect(endInstructions(undefined)).toEqual({});
    expect(endInstructions('')).toEqual({});
  });
});

describe('the confirm’s delivery carries the shopper’s instructions', () => {
  const instructions = { name: 'Delivery instructions', long_desc: 'Ring twice' };
  const delivery = { id: 'F1', type: 'Delivery', end: { person: { name: 'Asha' } } };

  it('as the init stated them, whatever the seller’s on_init echoed', () => {
    const echoed = [{ ...delivery, end: { ...delivery.end, instructions: { name: 'Delivery instructions', long_desc: 'Ring' } } }];
    expect(withShopperInstructions(echoed, instructions)).toEqual([{ ...delivery, end: { person: { name: 'Asha' }, instructions } }]);
    expect(withShopperInstructions([delivery], instructions)).toEqual([{ ...delivery, end: { person: { name: 'Asha' }, instructions } }]);
  });

  it('leaves the fulfillments as they were when the shopper gave none', () => {
    expect(withShopperInstructions([delivery], null)).toEqual([delivery]);
  });
});
