import { Pagination } from '~/components/ui/pagination.tsx';
import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Form, Link, useLocation, useNavigation, useNavigationType, useSubmit } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { type ProductCardData, type ShownFilterGroup, SORTS } from '../catalog.ts';
import { PARAMS } from '../catalog-params.ts';
import { ProductCard } from '~/components/product-card.tsx';
import { preloadCardImage, productCardHtml } from '~/components/product-card-html.ts';
import { filterFieldsHtml } from './filter-fields-html.ts';
import { useShop } from '~/components/shop-context.ts';
import { HydrateOnVisible } from '~/components/hydrate-on-visible.tsx';
import { preloadWishlistButton } from '~/components/wishlist/wishlist-button.tsx';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';
import { choicesOf, Options } from '~/components/ui/options.tsx';

export type ListingData = {
  total: number;
  page: number;
  pageCount: number;
  items: ProductCardData[];
  /** The filter panel's groups (ShownFilterGroup[]) as JSON: one string for the loader data's serialiser. */
  filterGroups: string;
};

// The same JSON comes with every page of the listing (on the server, the very same string each request): parsed once.
let parsed: { json: string; groups: ShownFilterGroup[] } | null = null;
function filterGroupsOf(json: string): ShownFilterGroup[] {
  if (parsed?.json !== json) parsed = { json, groups: JSON.parse(json) as ShownFilterGroup[] };
  return parsed.groups;
}

/**
 * Filters, sort, result count, grid and pagination. A plain GET form: works without JavaScript
 * and with the back button; with JavaScript every change submits at once.
 */
export function ProductListing({ data, pageHref }: { data: ListingData; pageHref: (page: number, search: URLSearchParams) => string }) {
  const location = useLocation();
  const navigation = useNavigation();
  const params = new URLSearchParams(location.search);
  const { formRef, send, onLinkClick } = useFilterForm();
  const busy = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const active = [...params.keys()].some((k) => k !== PARAMS.sort && k !== PARAMS.page && k !== 'q');
  // Changing a filter starts again at page 1, so the page is not part of the form.
  const formAction = pageHref(1, new URLSearchParams()).split('?')[0]!;
  // "Filters wissen" (only while a filter is set) keeps the search words.
  const clearHref = active ? formAction + (params.get('q') ? `?q=${encodeURIComponent(params.get('q')!)}` : '') : null;
  const groups = filterGroupsOf(data.filterGroups);

  return (
    <div className="container-page grid gap-8 py-8 lg:grid-cols-[240px_1fr]">
      <Form
        method="get"
        action={formAction}
        id="filters"
        ref={formRef}
        preventScrollReset
        onClickCapture={onLinkClick}
        aria-label={catalogText.filters}
      >
        {params.get('q') ? <input type="hidden" name="q" value={params.get('q') ?? ''} /> : null}
        {/* Collapsed on small screens; on large screens the panel is always open (::details-content). */}
        <details className="group rounded-2xl bg-white ring-1 ring-slate-200 lg:bg-transparent lg:ring-0 lg:[&::details-content]:[content-visibility:visible] lg:[&::details-content]:block" open={active || undefined}>
          <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 font-semibold text-slate-900 lg:hidden [&::-webkit-details-marker]:hidden">
            <SlidersHorizontal className="h-4 w-4" aria-hidden />
            {catalogText.filters}
          </summary>
          {/* Closed on a phone: the filters render when the panel is opened (ADR 048). */}
          <HydrateOnVisible
            as="div"
            className="space-y-5 px-4 pb-4 lg:px-0"
            serverHtml={import.meta.env.SSR ? () => filterFieldsHtml(groups, params, clearHref) : undefined}
          >
            <FilterFields groups={groups} params={params} clearHref={clearHref} />
          </HydrateOnVisible>
        </details>
      </Form>

      <section aria-busy={busy} aria-labelledby="resultaten" className={busy ? 'opacity-60 transition-opacity' : undefined}>
        <h2 id="resultaten" className="sr-only">
          {catalogText.resultsHeading}
        </h2>
        <ResultsBar total={data.total} sort={params.get(PARAMS.sort)} send={send} />

        {data.items.length === 0 ? (
          <div className="mt-10 rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
            <p className="font-semibold text-slate-900">{catalogText.noResults}</p>
            <p className="mt-1 text-sm text-slate-600">{catalogText.noResultsHint}</p>
          </div>
        ) : (
          <ProductGrid items={data.items} />
        )}

        {data.pageCount > 1 ? <Pagination page={data.page} pageCount={data.pageCount} href={(n) => pageHref(n, params)} /> : null}
      </section>
    </div>
  );
}

/**
 * The filter form's inputs and how a change is sent. The inputs are uncontrolled (a click shows at once,
 * focus stays put); they are set from the address when the visitor navigates.
 */
function useFilterForm() {
  const location = useLocation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const navigationType = useNavigationType();
  // The inputs are uncontrolled (a click shows at once, focus stays put). Every change is a history step
  // the back button can undo, so each navigation ("Filters wissen", page links, Back) sets the inputs from
  // the address again. The one address that must not: the one the visitor's latest change was made on. Its
  // idle render can still land just after the change (an answer that arrived just before it), and the inputs
  // hold the newer choice; the change's own answer comes with a new key and sets them. (Loading states are no
  // guide: a quick answer's loading render can be merged away.) The key is read from the browser's history, not
  // the rendered location: the router writes an answer's entry before React renders it, and a change made in
  // that gap belongs to the new entry.
  const formRef = useRef<HTMLFormElement>(null);
  const changedOn = useRef<string | null>(null);
  const send = (form: HTMLFormElement) => {
    changedOn.current = (window.history.state as { key?: string } | null)?.key ?? location.key;
    void submit(form, { preventScrollReset: true });
  };
  // A navigation that is not the form's own (a link, Back) on its way to another address of this listing: a
  // change sends the whole form, so the inputs show that address at once, not when its answer lands. Otherwise a
  // change made meanwhile sends the address being left and undoes the navigation ("Filters wissen", then a select
  // before the answer: the cleared filters came back). The form's own submissions carry their form data.
  const heading = navigation.state === 'loading' && !navigation.formData && navigation.location.pathname === location.pathname ? navigation.location.search : null;
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    if (navigation.state !== 'idle') {
      if (heading !== null) setInputs(form, heading);
      return;
    }
    if (changedOn.current === location.key && navigationType !== 'POP') return;
    changedOn.current = null;
    setInputs(form, location.search);
    // location.key: every navigation, also one back to the same address.
  }, [location.key, location.search, navigation.state, navigationType, heading]);
  // Every change is heard on the form element itself, not through React's onChange: a select chosen in the filter
  // panel while it is still the server's HTML (HydrateOnVisible, ADR 048) is no change React sees, and was lost.
  // One listener for the form's life, calling the latest `send`: one swapped on each render could be removed by a
  // render committed while a change event is being dispatched, and the new one does not hear that event.
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const onChange = () => sendRef.current(form);
    form.addEventListener('change', onChange);
    return () => form.removeEventListener('change', onChange);
  }, []);
  // The form's own link ("Filters wissen") sets the inputs as it is followed, before its navigation renders.
  const onLinkClick = (e: React.MouseEvent<HTMLFormElement>) => {
    const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (link.pathname === location.pathname) setInputs(e.currentTarget, link.search);
  };
  return { formRef, send, onLinkClick };
}

/** Ticks the checkboxes and chooses the selects of `search` (a select it leaves out: its first choice). */
function setInputs(form: HTMLFormElement, search: string) {
  const current = new URLSearchParams(search);
  for (const el of Array.from(form.elements)) {
    if (el instanceof HTMLInputElement && el.type === 'checkbox') {
      el.checked = current.getAll(el.name).flatMap((v) => v.split(',')).includes(el.value);
    } else if (el instanceof HTMLSelectElement) {
      el.value = current.get(el.name) ?? (el.name === PARAMS.sort ? 'populariteit' : '');
    }
  }
}

/** The result count and the sort select; the select belongs to the filter form (form="filters"). */
function ResultsBar({ total, sort, send }: { total: number; sort: string | null; send: (form: HTMLFormElement) => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" role="status" data-testid="result-count">
        {catalogText.results(total)}
      </p>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        {catalogText.sortLabel}
        <select
          name={PARAMS.sort}
          form="filters"
          defaultValue={sort ?? 'populariteit'}
          // It sits outside the <form> element (form="filters"), so the form's change handler misses it.
          onChange={(e) => e.currentTarget.form && send(e.currentTarget.form)}
          className="rounded-xl border border-slate-300 bg-white px-3 py-2"
        >
          <Options choices={choicesOf(SORTS, catalogText.sorts)} />
        </select>
      </label>
    </div>
  );
}

/** The filter panel's fields and buttons (filter-fields-html.ts writes the same markup for the server). */
export function FilterFields({ groups, params, clearHref }: { groups: ShownFilterGroup[]; params: URLSearchParams; clearHref: string | null }) {
  return (
    <>
      {groups.map((g) => (
        <FilterGroupField key={g.id} group={g} params={params} />
      ))}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass('primary', 'md', 'js:hidden')}>
          {catalogText.applyFilters}
        </button>
        {clearHref !== null ? (
          <Link to={clearHref} className={buttonClass('secondary')}>
            {catalogText.clearFilters}
          </Link>
        ) : null}
      </div>
    </>
  );
}

function FilterGroupField({ group, params }: { group: ShownFilterGroup; params: URLSearchParams }) {
  return group.kind === 'options' ? (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">{group.name}</legend>
      <div className="mt-2 space-y-1.5">
        {group.filters.map((f) => (
          <label key={f.id} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name={group.param}
              value={f.id}
              defaultChecked={params.getAll(group.param).flatMap((v) => v.split(',')).includes(f.id)}
              className="h-4 w-4 rounded border-slate-300 accent-primary-700"
            />
            {f.name}
          </label>
        ))}
      </div>
    </fieldset>
  ) : (
    <label className="block">
      <span className="text-sm font-semibold text-slate-900">{group.name}</span>
      <select
        name={group.param}
        defaultValue={params.get(group.param) ?? ''}
        className="mt-2 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm"
      >
        <option value="">{catalogText.ranges.any}</option>
        <Options choices={group.filters.map((f) => ({ value: String(f.id), label: f.name }))} />
      </select>
    </label>
  );
}

function ProductGrid({ items }: { items: ProductCardData[] }) {
  const location = useLocation();
  const wishlist = useShop()?.wishlist;
  const redirectTo = location.pathname + location.search;
  return (
    <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4" data-testid="product-grid">
      {/* The cards stay the server's HTML until used: a tap, a pointer or the focus renders one (its link and heart
          work from the first tap, ADR 048). Every card is laid out at once: skipping far cards (content-visibility)
          saved little and, with card heights that vary by name and badges, made the pager jump under a tap. */}
      {items.map((p, i) => (
        <HydrateOnVisible
          as="li"
          key={p.slug}
          until="used"
          preload={preloadWishlistButton}
          serverHtml={
            import.meta.env.SSR
              ? () => {
                  if (i < 2) preloadCardImage(p);
                  return productCardHtml(p, { priority: i < 2, redirectTo, saved: wishlist?.includes(p.id) ?? false });
                }
              : undefined
          }
        >
          <ProductCard p={p} priority={i < 2} />
        </HydrateOnVisible>
      ))}
    </ul>
  );
}
