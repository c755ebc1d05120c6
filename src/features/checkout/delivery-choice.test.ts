import { describe, expect, it } from 'vitest';
import { deliveryChoice, quotedFulfillmentId, windowLabel } from './delivery-choice.ts';

const now = new Date('2026-12-07T15:00:00+05:30');
const window = (id: string, start: string, end: string) => ({ id, type: 'Delivery', '@ondc/org/TAT': 'PT45M', end: { time: { range: { start, end } } } });
const onSelect = (chosen: string) => ({
  items: [{ id: 'rice', fulfillment_id: chosen }],
  fulfillments: [
    { id: 'F1', type: 'Delivery', '@ondc/org/TAT': 'PT45M' },
    window('S2026120718', '2026-12-07T12:30:00.000Z', '2026-12-07T14:30:00.000Z'),
    window('S2026120808', '2026-12-08T02:30:00.000Z', '2026-12-08T04:30:00.000Z'),
    window('S2026120908', '2026-12-09T02:30:00.000Z', '2026-12-09T04:30:00.000Z'),
  ],
});

describe('the delivery time a shopper picks (issue 29)', () => {
  it('lists the soonest with its TAT, then each window in Indian time, and which one the quote is for', () => {
    expect(deliveryChoice(onSelect('S2026120718'), now, 'en')).toEqual({
      chosen: 'S2026120718',
      options: [
        { id: 'F1', label: 'As soon as possible: 45 minutes', start: null, end: null },
        { id: 'S2026120718', label: 'Today, 6:00 pm – 8:00 pm', start: '2026-12-07T12:30:00.000Z', end: '2026-12-07T14:30:00.000Z' },
        { id: 'S2026120808', label: 'Tomorrow, 8:00 am – 10:00 am', start: '2026-12-08T02:30:00.000Z', end: '2026-12-08T04:30:00.000Z' },
        { id: 'S2026120908', label: 'Wed, 9 Dec, 8:00 am – 10:00 am', start: '2026-12-09T02:30:00.000Z', end: '2026-12-09T04:30:00.000Z' },
      ],
    });
    expect(
      deliveryChoice(onSelect('F1'), now, 'hi')
        ?.options.map((o) => o.label)
        .slice(0, 3),
    ).toEqual(['जितनी जल्दी हो सके: 45 मिनट', 'आज, 6:00 pm – 8:00 pm', 'कल, 8:00 am – 10:00 am']);
  });

  it('no choice to show where the store offers no windows, or only ended ones', () => {
    expect(
      deliveryChoice({ items: [{ fulfillment_id: 'F1' }], fulfillments: [{ id: 'F1', type: 'Delivery', '@ondc/org/TAT': 'PT15M' }] }, now, 'en'),
    ).toBeNull();
    expect(deliveryChoice(onSelect('F1'), new Date('2026-12-10T09:00:00+05:30'), 'en')).toBeNull();
    expect(deliveryChoice('not an order', now, 'en')).toBeNull();
  });

  it('the quote is for the delivery its items go with', () => {
    expect(quotedFulfillmentId(onSelect('S2026120808'))).toBe('S2026120808');
    expect(quotedFulfillmentId({ items: [{ id: 'rice' }] })).toBeNull();
  });

  it('a window after tomorrow reads with its day', () => {
    expect(windowLabel({ start: '2026-12-09T12:30:00.000Z', end: '2026-12-09T14:30:00.000Z' }, now, 'en')).toBe('Wed, 9 Dec, 6:00 pm – 8:00 pm');
  });
});
