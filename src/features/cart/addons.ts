// Add-ons and customisation of a dish (SPEC §4 add-ons, §3 add-on; ondc-notes §4 RET11): the
// dish names its customisation groups, each group has min/max picks and options, and an option
// may open child groups of its own. Shared by the picker island and the server's check of an
// UPDATE_ITEM, so both apply the same rules. Pure: no I/O.

export interface AddOnOption {
  id: string;
  name: string;
  pricePaise: number;
  /** SPEC §4: options flagged default (`parent.default = yes`) start selected. */
  isDefault: boolean;
  /** Groups that open once this option is picked. */
  childGroupIds: string[];
  inStock: boolean;
  veg: string | null;
}

export interface AddOnGroup {
  id: string;
  name: string;
  min: number;
  max: number;
  /** Display order within a page. */
  seq: number;
  options: AddOnOption[];
}

/** A dish's customisation: the groups it names first, and every group reachable from them. */
export interface AddOnTree {
  rootGroupIds: string[];
  groups: Record<string, AddOnGroup>;
}

/** SPEC §9: the add-on picker's first page number. */
export const FIRST_ADD_ON_PAGE = 1;

export type SelectionProblem =
  | { kind: 'unknown'; optionId: string }
  | { kind: 'closed'; optionId: string; groupId: string }
  | { kind: 'out_of_stock'; optionId: string; groupId: string }
  | { kind: 'too_few'; groupId: string; min: number }
  | { kind: 'too_many'; groupId: string; max: number };

function groupOfOption(tree: AddOnTree, optionId: string): AddOnGroup | undefined {
  return Object.values(tree.groups).find((g) => g.options.some((o) => o.id === optionId));
}

function optionById(tree: AddOnTree, optionId: string): AddOnOption | undefined {
  return groupOfOption(tree, optionId)?.options.find((o) => o.id === optionId);
}

const bySeq = (tree: AddOnTree) => (a: string, b: string) => (tree.groups[a]?.seq ?? 0) - (tree.groups[b]?.seq ?? 0);

/**
 * SPEC §3 add-on pages: page 1 holds the dish's own groups; page n+1 the child groups of the
 * options picked on page n. A group appears once, on the first page that reaches it.
 */
export function addOnPages(tree: AddOnTree, selection: readonly string[]): string[][] {
  const picked = new Set(selection);
  const pages: string[][] = [];
  const seen = new Set<string>();
  let page = tree.rootGroupIds.filter((id) => tree.groups[id]);
  while (page.length > 0) {
    const fresh = page.filter((id) => !seen.has(id)).sort(bySeq(tree));
    if (fresh.length === 0) break;
    for (const id of fresh) seen.add(id);
    pages.push(fresh);
    page = fresh.flatMap((id) =>
      (tree.groups[id]?.options ?? []).filter((o) => picked.has(o.id)).flatMap((o) => o.childGroupIds.filter((c) => tree.groups[c])),
    );
  }
  return pages;
}

/** Groups open for the selection: the dish's own and the children of picked options. */
function openGroupIds(tree: AddOnTree, selection: readonly string[]): string[] {
  return addOnPages(tree, selection).flat();
}

/** Keeps only picks whose group is still open (a replaced option takes its children's picks along). */
function prune(tree: AddOnTree, selection: readonly string[]): string[] {
  let current = [...selection];
  for (;;) {
    const open = new Set(openGroupIds(tree, current));
    const next = current.filter((id) => {
      const group = groupOfOption(tree, id);
      return group !== undefined && open.has(group.id);
    });
    if (next.length === current.length) return next;
    current = next;
  }
}

/**
 * Picks the in-stock defaults of `groupIds` (all open groups when null) that have no pick yet,
 * then of the groups those defaults open, and so on.
 */
function withDefaults(tree: AddOnTree, selection: readonly string[], groupIds: ReadonlySet<string> | null): string[] {
  const current = [...selection];
  const visited = new Set<string>();
  let pending = openGroupIds(tree, current).filter((id) => groupIds === null || groupIds.has(id));
  while (pending.length > 0) {
    const before = new Set(openGroupIds(tree, current));
    for (const id of pending) {
      visited.add(id);
      const group = tree.groups[id];
      if (!group || group.options.some((o) => current.includes(o.id))) continue;
      current.push(
        ...group.options
          .filter((o) => o.isDefault && o.inStock)
          .slice(0, group.max)
          .map((o) => o.id),
      );
    }
    pending = openGroupIds(tree, current).filter((id) => !before.has(id) && !visited.has(id));
  }
  return current;
}

/** SPEC §4: default add-ons start selected, and the child groups they open are expanded with theirs. */
export function defaultSelection(tree: AddOnTree): string[] {
  return withDefaults(tree, [], null);
}

export type ToggleResult = { selection: string[]; limitReached: boolean };

/**
 * SPEC §4: in a single-select group (max 1) a pick replaces the group's current pick; in a
 * multi-select group a pick toggles, never beyond the group's max. Dropping an option drops the
 * picks of the groups it had opened; a newly opened group gets its defaults.
 */
export function toggleAddOn(tree: AddOnTree, selection: readonly string[], optionId: string): ToggleResult {
  const group = groupOfOption(tree, optionId);
  const option = optionById(tree, optionId);
  if (!group || !option || !openGroupIds(tree, selection).includes(group.id)) return { selection: [...selection], limitReached: false };
  const inGroup = group.options.filter((o) => selection.includes(o.id)).map((o) => o.id);
  const isPicked = inGroup.includes(optionId);
  let next: string[];
  if (group.max === 1) {
    if (isPicked) {
      // A required single choice stays chosen; an optional one can be cleared.
      if (group.min >= 1) return { selection: [...selection], limitReached: false };
      next = selection.filter((id) => id !== optionId);
    } else {
      if (!option.inStock) return { selection: [...selection], limitReached: false };
      next = [...selection.filter((id) => !inGroup.includes(id)), optionId];
    }
  } else if (isPicked) {
    next = selection.filter((id) => id !== optionId);
  } else {
    if (!option.inStock) return { selection: [...selection], limitReached: false };
    if (inGroup.length >= group.max) return { selection: [...selection], limitReached: true };
    next = [...selection, optionId];
  }
  const pruned = prune(tree, next);
  const before = new Set(openGroupIds(tree, selection));
  const opened = new Set(openGroupIds(tree, pruned).filter((id) => !before.has(id)));
  return { selection: opened.size > 0 ? withDefaults(tree, pruned, opened) : pruned, limitReached: false };
}

/** Why a selection cannot be ordered: the picker disables "Add", the server answers 400. */
export function selectionProblems(tree: AddOnTree, selection: readonly string[]): SelectionProblem[] {
  const problems: SelectionProblem[] = [];
  const open = new Set(openGroupIds(tree, selection));
  for (const id of new Set(selection)) {
    const group = groupOfOption(tree, id);
    const option = optionById(tree, id);
    if (!group || !option) problems.push({ kind: 'unknown', optionId: id });
    else if (!open.has(group.id)) problems.push({ kind: 'closed', optionId: id, groupId: group.id });
    else if (!option.inStock) problems.push({ kind: 'out_of_stock', optionId: id, groupId: group.id });
  }
  for (const id of open) {
    const group = tree.groups[id];
    if (!group) continue;
    const count = group.options.filter((o) => selection.includes(o.id)).length;
    if (count < group.min) problems.push({ kind: 'too_few', groupId: id, min: group.min });
    if (count > group.max) problems.push({ kind: 'too_many', groupId: id, max: group.max });
  }
  return problems;
}

/** What a shopper reads about the first problem ("Choose at least 1 in Spice Level"). */
export function describeProblem(tree: AddOnTree, problem: SelectionProblem): string {
  const groupName = 'groupId' in problem ? (tree.groups[problem.groupId]?.name ?? problem.groupId) : '';
  switch (problem.kind) {
    case 'unknown':
      return `Unknown add-on ${problem.optionId}`;
    case 'closed':
      return `${optionById(tree, problem.optionId)?.name ?? problem.optionId} does not go with the other choices`;
    case 'out_of_stock':
      return `${optionById(tree, problem.optionId)?.name ?? problem.optionId} is out of stock`;
    case 'too_few':
      return `Choose at least ${problem.min} in ${groupName}`;
    case 'too_many':
      return `Choose at most ${problem.max} in ${groupName}`;
  }
}

/** What the picked add-ons add to the dish's price (SPEC §4: the price updates as you pick). */
export function addOnPricePaise(tree: AddOnTree, selection: readonly string[]): number {
  return selection.reduce((sum, id) => sum + (optionById(tree, id)?.pricePaise ?? 0), 0);
}

/** The picks in page order, for a stable line summary ("Regular, Thin Crust, Olives"). */
export function orderedSelection(tree: AddOnTree, selection: readonly string[]): AddOnOption[] {
  return openGroupIds(tree, selection).flatMap((id) => (tree.groups[id]?.options ?? []).filter((o) => selection.includes(o.id)));
}
