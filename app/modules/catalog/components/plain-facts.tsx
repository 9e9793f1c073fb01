import type { KeyFact } from './key-facts.tsx';

/** The key facts without their tooltips: the server's HTML, and what shows until the tooltips' code is there. */
export function PlainFacts({ facts }: { facts: KeyFact[] }) {
  return (
    <dl className="grid grid-cols-3 gap-2 text-center">
      {facts.map((f) => (
        <div key={f.label} className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
          <dt className="text-xs text-slate-500">
            <abbr title={f.tip} className="no-underline">
              {f.label}
            </abbr>
          </dt>
          <dd className="font-semibold text-slate-900">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
