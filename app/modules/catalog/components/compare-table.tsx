import { compare as t } from '~/i18n/nl/compare.ts';
import { StrainImage } from '~/components/strain-image.tsx';
import { compareHref, type CompareRow } from '../compare.ts';

type Strain = { slug: string; name: string; image: string | null; breeder: string };

/**
 * The chosen strains side by side: one column per strain, one row per field. A differing row is tinted and says
 * "verschilt" in words (not by colour alone). On a phone the table scrolls sideways with the field names pinned.
 * Links are plain anchors: the page reads a cookie scoped to its own path, which a data request would not carry.
 */
export function CompareTable({ strains, rows }: { strains: Strain[]; rows: CompareRow[] }) {
  const slugs = strains.map((s) => s.slug);
  return (
    <div role="region" aria-label={t.tableLabel} tabIndex={0} className="mt-6 overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-primary-600">
      <table className="w-full border-collapse text-left text-sm" data-testid="compare-table">
        <thead>
          <tr className="align-top">
            <th scope="col" className="sticky left-0 z-10 w-28 bg-white p-3 text-xs font-medium text-slate-500 sm:w-40">
              {t.field}
            </th>
            {strains.map((s) => (
              <th key={s.slug} scope="col" className="min-w-[7.25rem] p-3 font-semibold text-slate-900">
                <StrainImage slug={s.slug} image={s.image} alt="" sizes="64px" width={64} height={64} className="h-16 w-16 rounded-xl" />
                <a href={`/product/${s.slug}`} className="mt-2 block text-primary-800 hover:underline">
                  {s.name}
                </a>
                <span className="block text-xs font-normal text-slate-500">{s.breeder}</span>
                <a
                  href={compareHref(slugs.filter((x) => x !== s.slug))}
                  aria-label={t.removeLabel(s.name)}
                  className="mt-2 inline-block text-xs font-medium text-red-700 underline underline-offset-2"
                  data-testid="compare-remove"
                >
                  {t.remove}
                </a>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} className={`border-t border-slate-100 align-top ${r.differs ? 'bg-amber-50' : ''}`} data-differs={r.differs || undefined}>
              <th scope="row" className={`sticky left-0 z-10 p-3 font-medium text-slate-700 ${r.differs ? 'bg-amber-50' : 'bg-white'}`}>
                {r.label}
                {r.differs ? <span className="mt-1 block w-fit rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-900">{t.differs}</span> : null}
              </th>
              {r.values.map((v, i) => (
                <td key={slugs[i]} className="p-3 text-slate-800">
                  {v}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
