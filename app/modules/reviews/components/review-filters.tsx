import { SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Form, Link, useLocation, useNavigationType } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';
import { reviews as t } from '~/i18n/nl/reviews.ts';
import { REVIEW_PARAMS, REVIEW_TYPES, type ReviewQuery } from '../reviews.ts';
import { choicesOf, Options } from '~/components/ui/options.tsx';

type Props = {
  query: ReviewQuery;
  /** One strain's reviews: no filter by type. */
  forStrain: boolean;
  filtered: boolean;
  clearHref: string;
  onChange: (form: HTMLFormElement | null) => void;
};

/** The review list's filter form (stars, verified, type); the sort select outside it belongs to it too (`form=`). */
export function ReviewFilters({ query, forStrain, filtered, clearHref, onChange }: Props) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const formRef = useRef<HTMLFormElement>(null);

  // Like the catalogue's filters: the inputs are uncontrolled; other navigations (page links, the bars,
  // "Filters wissen", back) set them from the address again.
  useEffect(() => {
    const form = formRef.current;
    if (!form || navigationType === 'REPLACE') return;
    for (const el of Array.from(form.elements)) {
      if (el instanceof HTMLInputElement && el.type === 'checkbox') {
        el.checked = el.name === REVIEW_PARAMS.stars ? query.stars.includes(Number(el.value)) : query.verified;
      } else if (el instanceof HTMLSelectElement) {
        el.value = el.name === REVIEW_PARAMS.sort ? query.sort : (query.type ?? '');
      }
    }
  }, [location.key, navigationType, query]);

  return (
    <Form
      method="get"
      action="/beoordelingen"
      id="review-filters"
      ref={formRef}
      preventScrollReset
      onChange={(e) => onChange(e.currentTarget)}
      aria-label={t.filters}
    >
      {query.product ? <input type="hidden" name={REVIEW_PARAMS.product} value={query.product} /> : null}
      <details
        className="group rounded-3xl bg-white ring-1 ring-slate-200 lg:[&::details-content]:block lg:[&::details-content]:[content-visibility:visible]"
        open={filtered || undefined}
      >
        <summary className="flex cursor-pointer list-none items-center gap-2 px-5 py-4 font-semibold text-slate-900 lg:pointer-events-none [&::-webkit-details-marker]:hidden">
          <SlidersHorizontal className="h-4 w-4" aria-hidden />
          {t.filters}
        </summary>
        <div className="space-y-5 px-5 pb-5">
          <StarsFieldset selected={query.stars} />
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              name={REVIEW_PARAMS.verified}
              value="1"
              defaultChecked={query.verified}
              className="h-4 w-4 rounded border-slate-300 accent-primary-700"
            />
            {t.verifiedOnly}
          </label>
          {forStrain ? null : <TypeSelect value={query.type} />}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClass('primary', 'md', 'js:hidden')}>
              {t.apply}
            </button>
            {filtered ? (
              <Link to={clearHref} className={buttonClass('secondary')} data-testid="clear-filters">
                <X className="h-4 w-4" aria-hidden />
                {t.clear}
              </Link>
            ) : null}
          </div>
        </div>
      </details>
    </Form>
  );
}

function StarsFieldset({ selected }: { selected: number[] }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">{t.filterStars}</legend>
      <div className="mt-2 grid grid-cols-2 gap-1.5">
        {[5, 4, 3, 2, 1].map((n) => (
          <label key={n} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name={REVIEW_PARAMS.stars}
              value={n}
              defaultChecked={selected.includes(n)}
              className="h-4 w-4 rounded border-slate-300 accent-primary-700"
            />
            {t.starsShort(n)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function TypeSelect({ value }: { value: ReviewQuery['type'] }) {
  return (
    <label className="block">
      <span className="text-sm font-semibold text-slate-900">{t.filterType}</span>
      <select
        name={REVIEW_PARAMS.type}
        defaultValue={value ?? ''}
        className="mt-2 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm"
      >
        <option value="">{t.anyType}</option>
        <Options choices={choicesOf(REVIEW_TYPES, catalogText.types)} />
      </select>
    </label>
  );
}
