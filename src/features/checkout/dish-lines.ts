// ONDC RET11 order lines as ONDC's Pramaan engine checks them in select, init and confirm: every
// item carries parent_item_id and tags. A customised dish and its add-ons share the line id the
// cart gave them (session.ts protocolItems); a plain dish is a line of its own, named by its item id.

type LineFields = { parent_item_id?: string | undefined; tags?: readonly unknown[] | undefined };

/** The parent_item_id and tags an order line goes out with (only those it has). */
export function dishLineFields(domain: string, itemId: string, line: LineFields): { parent_item_id?: string; tags?: readonly unknown[] } {
  if (domain === 'ONDC:RET11' && !line.parent_item_id) return { parent_item_id: itemId, tags: [{ code: 'type', list: [{ code: 'type', value: 'item' }] }] };
  return { ...(line.parent_item_id ? { parent_item_id: line.parent_item_id } : {}), ...(line.tags ? { tags: line.tags } : {}) };
}
