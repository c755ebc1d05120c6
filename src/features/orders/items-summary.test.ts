import { describe, expect, it } from 'vitest';
import { summariseItems } from './orders.server.ts';
import { messagesFor } from '#/features/i18n/catalogue.ts';

describe('an order’s items in a line (issue 28)', () => {
  const lines = ['Atta × 2', 'Dal × 1', 'Milk × 1', 'Ghee × 1', 'Salt × 1'];
  it('names two items and counts the rest, in English and Hindi', () => {
    expect(summariseItems(lines)).toBe('Atta × 2, Dal × 1 and 3 more');
    expect(summariseItems(lines, messagesFor('hi').orders.andMore)).toBe('Atta × 2, Dal × 1 और 3 अन्य');
    expect(summariseItems(lines.slice(0, 2), messagesFor('hi').orders.andMore)).toBe('Atta × 2, Dal × 1');
  });
});
