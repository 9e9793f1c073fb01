import { Tooltip } from 'radix-ui';
import { useId } from 'react';

export type KeyFact = { label: string; value: string; tip: string };

/**
 * The product page's key facts (THC, CBD, flowering) with a tooltip on each abbreviation (SPEC §9: open
 * after 700 ms, 300 ms to skip between them). Loaded on demand by the page (Radix Tooltip stays out of
 * first-load JS); the server renders it, and each explanation is also the label's description, so screen
 * readers and visitors without JavaScript or a mouse get it too.
 */
export function KeyFacts({ facts }: { facts: KeyFact[] }) {
  const id = useId();
  return (
    <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
      <dl className="grid grid-cols-3 gap-2 text-center" data-testid="key-facts">
        {facts.map((f, i) => (
          <div key={f.label} className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
            <dt className="text-xs text-slate-500">
              <Tooltip.Root>
                <Tooltip.Trigger asChild>
                  <button
                    type="button"
                    className="cursor-help underline decoration-slate-400 decoration-dotted underline-offset-2"
                    aria-describedby={`${id}-${i}`}
                  >
                    {f.label}
                  </button>
                </Tooltip.Trigger>
                {/* In place, not in a portal: it stays inside the page's landmarks. */}
                <Tooltip.Content
                  sideOffset={6}
                  className="z-50 max-w-64 rounded-xl bg-slate-900 px-3 py-2 text-left text-xs leading-relaxed text-white shadow-lg"
                >
                  {f.tip}
                  <Tooltip.Arrow className="fill-slate-900" />
                </Tooltip.Content>
              </Tooltip.Root>
            </dt>
            <dd className="font-semibold text-slate-900">{f.value}</dd>
          </div>
        ))}
      </dl>
      {/* Each button's description: read with it, not again as text of the page (and not inside the list). */}
      {facts.map((f, i) => (
        <span key={f.label} id={`${id}-${i}`} hidden>
          {f.tip}
        </span>
      ))}
    </Tooltip.Provider>
  );
}
