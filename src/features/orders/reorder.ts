// "Order again" (issue 29): a past order's lines back into the shopper's cart, each through the
// cart's own rules, and what could not come back named to the shopper. Pure: the service hands in
// the order, the catalogue and the cart.
import { z } from 'zod';
import { orderIdSchema } from './paths.ts';

/** The form (and JSON body) of POST /cart/reorder. `replace`: the shopper agreed to drop another store's cart. */
export const reorderRequestSchema = z.object({
  order_id: z.string().trim().pipe(orderIdSchema),
  replace: z.enum(['1']).optional(),
});

/** Orders a shopper may order again: those that are over (on its way, the order is still coming). */
export const REORDERABLE = new Set(['delivered', 'cancelled']);

type OrderItem = {
  id?: string;
  quantity?: { count?: number };
  parent_item_id?: string;
  tags?: Array<{ code?: string; list?: Array<{ code?: string; value?: string }> }>;
};

export type ReorderLine = { itemId: string; quantity: number; customisationIds: string[] };

function typeOf(item: OrderItem): string | undefined {
  return item.tags?.find((t) => t.code === 'type')?.list?.find((e) => e.code === 'value' || e.code === 'type')?.value;
}

/**
 * The order's lines as cart lines: a grocery item is a line; a dish and its add-ons share a
 * parent_item_id (ondc-notes §4), the add-ons tagged customization. Repeats of an item add up.
 */
export function reorderLines(items: readonly OrderItem[]): ReorderLine[] {
  const lines = new Map<string, ReorderLine>();
  const groups = new Map<string, OrderItem[]>();
  for (const item of items) {
    if (!item.id) continue;
    if (item.parent_item_id) groups.set(item.parent_item_id, [...(groups.get(item.parent_item_id) ?? []), item]);
    else {
      const key = `${item.id}\u0000`;
      const count = Math.max(1, item.quantity?.count ?? 1);
      const existing = lines.get(key);
      lines.set(key, existing ? { ...existing, quantity: existing.quantity + count } : { itemId: item.id, quantity: count, customisationIds: [] });
    }
  }
  for (const group of groups.values()) {
    const dish = group.find((i) => typeOf(i) !== 'customization');
    if (!dish?.id) continue;
    const customisationIds = group.filter((i) => i !== dish && typeOf(i) === 'customization').map((i) => i.id as string);
    const key = `${dish.id}\u0000${[...customisationIds].sort().join(',')}`;
    const count = Math.max(1, dish.quantity?.count ?? 1);
    const existing = lines.get(key);
    lines.set(key, existing ? { ...existing, quantity: existing.quantity + count } : { itemId: dish.id, quantity: count, customisationIds });
  }
  return [...lines.values()];
}

/** Why a line of the order is not in the cart after ordering again. */
type LeftOutReason = 'not_sold' | 'out_of_stock' | 'fewer' | 'refused';
export type LeftOut = { itemId: string; name: string; reason: LeftOutReason; inCart: number };

/**
 * The order's lines the cart does not hold as ordered, each with the reason the catalogue gives
 * now: no longer sold (gone from the store's listing), out of stock, fewer (the cart holds less,
 * the per-order maximum), or refused (the cart's rules said no for another reason).
 */
export function leftOut(
  lines: readonly ReorderLine[],
  catalogue: ReadonlyMap<string, { inStock: boolean }>,
  inCart: ReadonlyMap<string, number>,
  names: ReadonlyMap<string, string>,
): LeftOut[] {
  return lines.flatMap((line) => {
    const held = inCart.get(line.itemId) ?? 0;
    if (held >= line.quantity) return [];
    const listed = catalogue.get(line.itemId);
    const reason: LeftOutReason = !listed ? 'not_sold' : !listed.inStock ? 'out_of_stock' : held > 0 ? 'fewer' : 'refused';
    return [{ itemId: line.itemId, name: names.get(line.itemId) ?? line.itemId, reason, inCart: held }];
  });
}
