import type { FieldMeta } from '~/lib/form.ts';
import { Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { FieldError } from '~/components/ui/form-field.tsx';
import { useHydrated } from '~/components/use-hydrated.ts';
import { account } from '~/i18n/nl/account.ts';
import { FAVOURITES_MAX, type StrainType } from '../grower-profile.ts';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';

const t = account.details.profile;

export type StrainChoice = { id: number; name: string; type: StrainType };

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Favourite strains as plain checkboxes in a scrollable, labelled fieldset, so the form works without
 * JavaScript. Once hydrated a filter box narrows the list (hiding, never removing, so checked boxes are
 * still sent) and a live counter shows how many are chosen. The saved favourites come first.
 */
export function FavouriteStrainsField({ strains, meta, saved }: { strains: StrainChoice[]; meta: FieldMeta; saved: number[] }) {
  const hydrated = useHydrated();
  const hintId = useId();
  const filterId = useId();
  const initial = meta.initialValue;
  const initialIds = useMemo(() => new Set((Array.isArray(initial) ? initial : initial ? [initial] : []).map(String)), [initial]);
  const [chosen, setChosen] = useState(initialIds.size);
  const [query, setQuery] = useState('');
  const ordered = useMemo(() => {
    const first = new Set(saved);
    return [...strains.filter((s) => first.has(s.id)), ...strains.filter((s) => !first.has(s.id))];
  }, [strains, saved]);
  const q = fold(query.trim());
  const visible = (s: StrainChoice) => !q || fold(s.name).includes(q);
  const none = q && !ordered.some(visible);
  const over = chosen > FAVOURITES_MAX;

  return (
    <fieldset
      className="min-w-0"
      aria-describedby={`${hintId} ${meta.errorId}`}
      aria-invalid={meta.errors ? true : undefined}
      onChange={(e) => {
        if ((e.target as Partial<HTMLInputElement>).name === meta.name)
          setChosen(e.currentTarget.querySelectorAll(`input[name="${meta.name}"]:checked`).length);
      }}
    >
      <legend className="text-sm font-medium text-slate-800">{t.favourites}</legend>
      <p id={hintId} className="mt-1 flex flex-wrap justify-between gap-x-3 text-xs text-slate-500">
        <span>{t.favouritesHint}</span>
        <span aria-live="polite" className={over ? 'font-semibold text-red-700' : 'font-medium text-slate-600'} data-testid="favourites-count">
          {t.chosen(chosen, FAVOURITES_MAX)}
        </span>
      </p>
      {hydrated ? <FilterBox id={filterId} query={query} onQuery={setQuery} /> : null}
      <ul
        className={`mt-2 max-h-72 overflow-y-auto rounded-2xl border bg-slate-50/60 p-1.5 sm:grid sm:grid-cols-2 sm:gap-x-1 ${meta.errors ? 'border-red-400' : 'border-slate-200'}`}
        data-testid="favourite-strains"
      >
        {ordered.map((s) => (
          <li key={s.id} hidden={!visible(s)}>
            <label className="flex cursor-pointer items-center gap-3 rounded-xl px-2.5 py-2 text-sm hover:bg-white has-[:checked]:bg-primary-50 has-[:checked]:ring-1 has-[:checked]:ring-primary-200">
              <input
                type="checkbox"
                name={meta.name}
                value={s.id}
                defaultChecked={initialIds.has(String(s.id))}
                className="h-4 w-4 shrink-0 rounded border-slate-400 accent-primary-700"
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-slate-900">{s.name}</span>
                <span className="block text-xs text-slate-600">{catalogText.types[s.type]}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {none ? (
        <p className="mt-2 text-sm text-slate-600" role="status">
          {t.noMatch}
        </p>
      ) : null}
      <FieldError meta={meta} />
    </fieldset>
  );
}

function FilterBox({ id, query, onQuery }: { id: string; query: string; onQuery: (query: string) => void }) {
  return (
    <div className="relative mt-2">
      <label htmlFor={id} className="sr-only">
        {t.filter}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
      <input
        id={id}
        type="search"
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        placeholder={t.filterPlaceholder}
        autoComplete="off"
        className="block w-full rounded-xl border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:border-primary-600 focus:ring-4 focus:ring-primary-100 focus:outline-none"
      />
    </div>
  );
}
