import { useEffect, useId, useState } from 'react';
import { formatRupees } from '#/lib/money.ts';
import {
  addOnPages,
  addOnPricePaise,
  defaultSelection,
  describeProblem,
  FIRST_ADD_ON_PAGE,
  selectionProblems,
  toggleAddOn,
  type AddOnGroup,
  type AddOnTree,
} from './addons.ts';
import { SOMETHING_WENT_WRONG } from './cart.ts';
import Sheet from './Sheet.tsx';
import { clientText, specText, type ClientText } from '#/features/i18n/client-text.ts';
import { fill } from '#/features/i18n/text.ts';

interface Props {
  item: { bppId: string; providerId: string; itemId: string; name: string; pricePaise: number };
  onAdd: (customisations: string[]) => void;
  onClose: () => void;
}

type Loaded = { state: 'loading' } | { state: 'error' } | { state: 'ready'; tree: AddOnTree };

function ruleText(group: AddOnGroup, t: ClientText['client']): string {
  if (group.min === group.max) return group.min === 1 ? t.chooseOne : fill(t.chooseN, { n: group.min });
  if (group.min === 0) return fill(t.optionalUpTo, { n: group.max });
  return fill(t.chooseRange, { min: group.min, max: group.max });
}

/** SPEC §4 add-ons: the picker, a page of customisation groups at a time (first page 1). */
export default function AddOnPicker({ item, onAdd, onClose }: Props) {
  const titleId = useId();
  const { client: t, locale } = clientText();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [selection, setSelection] = useState<string[]>([]);
  const [page, setPage] = useState(FIRST_ADD_ON_PAGE);
  const [limitGroup, setLimitGroup] = useState<string | null>(null);

  useEffect(() => {
    const query = new URLSearchParams({ bpp_id: item.bppId, provider_id: item.providerId, item_id: item.itemId });
    fetch(`/ondc/customisations?${query}`)
      .then((response) => (response.ok ? (response.json() as Promise<{ data: { tree: AddOnTree } }>) : Promise.reject(new Error(String(response.status)))))
      .then(({ data }) => {
        setLoaded({ state: 'ready', tree: data.tree });
        setSelection(defaultSelection(data.tree));
      })
      .catch(() => setLoaded({ state: 'error' }));
  }, [item.bppId, item.providerId, item.itemId]);

  const tree = loaded.state === 'ready' ? loaded.tree : null;
  const pages = tree ? addOnPages(tree, selection) : [];
  const current = Math.min(page, Math.max(pages.length, FIRST_ADD_ON_PAGE));
  const groups = (pages[current - 1] ?? []).flatMap((id) => (tree?.groups[id] ? [tree.groups[id]] : []));
  const problems = tree ? selectionProblems(tree, selection) : [];
  const pageProblem = problems.find((p) => 'groupId' in p && groups.some((g) => g.id === p.groupId));
  const total = item.pricePaise + (tree ? addOnPricePaise(tree, selection) : 0);
  const isLast = current >= pages.length;

  function toggle(optionId: string, groupId: string) {
    if (!tree) return;
    const result = toggleAddOn(tree, selection, optionId);
    setSelection(result.selection);
    setLimitGroup(result.limitReached ? groupId : null);
  }

  return (
    <Sheet titleId={titleId} onClose={onClose}>
      <header className="sheet__header">
        <h2 id={titleId}>{item.name}</h2>
        {pages.length > 1 && <p className="sheet__step">{fill(t.step, { current, total: pages.length })}</p>}
        <button type="button" className="sheet__close" aria-label={t.close} onClick={onClose}>
          ×
        </button>
      </header>
      <div className="sheet__body">
        {loaded.state === 'loading' && <p>{t.loadingChoices}</p>}
        {loaded.state === 'error' && <p role="alert">{specText(SOMETHING_WENT_WRONG)}</p>}
        {groups.map((group) => (
          <fieldset key={group.id} className="addon-group">
            <legend>
              {group.name} <small>{ruleText(group, t)}</small>
            </legend>
            {group.options.map((option) => (
              <label key={option.id} className="addon-option">
                <input
                  type={group.max === 1 ? 'radio' : 'checkbox'}
                  name={`${titleId}-${group.id}`}
                  checked={selection.includes(option.id)}
                  disabled={!option.inStock}
                  onChange={() => toggle(option.id, group.id)}
                />
                <span className="addon-option__name">{option.name}</span>
                <span className="addon-option__price">
                  {option.inStock ? (option.pricePaise > 0 ? `+${formatRupees(option.pricePaise, locale)}` : '') : t.outOfStock}
                </span>
              </label>
            ))}
            {limitGroup === group.id && <p className="addon-group__limit">{fill(t.upTo, { n: group.max })}</p>}
          </fieldset>
        ))}
      </div>
      {tree && (
        <footer className="sheet__footer">
          <span className="sheet__total" aria-live="polite">
            {fill(t.itemTotal, { price: formatRupees(total, locale) })}
          </span>
          {pageProblem && <span className="sheet__problem">{specText(describeProblem(tree, pageProblem))}</span>}
          <div className="sheet__actions">
            {current > FIRST_ADD_ON_PAGE && (
              <button type="button" className="button button--quiet" onClick={() => setPage(current - 1)}>
                {t.back}
              </button>
            )}
            {isLast ? (
              <button type="button" className="button" disabled={problems.length > 0} onClick={() => onAdd(selection)}>
                {t.addItem}
              </button>
            ) : (
              <button type="button" className="button" disabled={pageProblem !== undefined} onClick={() => setPage(current + 1)}>
                {t.next}
              </button>
            )}
          </div>
        </footer>
      )}
    </Sheet>
  );
}
