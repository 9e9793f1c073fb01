import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { pressedBeforeLive } from '~/lib/pressed-before-live.ts';

/**
 * WAI-ARIA tabs (tablist/tab/tabpanel, arrow keys, Home/End). A small own version instead of
 * Radix Tabs keeps the product page inside its first-load JS budget (ADR 005). Every panel is in
 * the HTML; once hydrated, inactive panels are hidden (`js:` variant), so without JavaScript all
 * content is shown one below the other.
 */
export function Tabs({ label, tabs, className = '' }: { label: string; tabs: { id: string; title: string; content: ReactNode }[]; className?: string }) {
  const base = useId();
  const [active, setActive] = useState(tabs[0]?.id);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  // A tab pressed while the page was still the server's HTML got no answer; it is chosen now, rather than
  // hydration hiding the panel the visitor asked for.
  useEffect(() => {
    const pressed = refs.current.find((el) => pressedBeforeLive(el));
    if (pressed?.dataset.tab) setActive(pressed.dataset.tab);
  }, []);
  const onKey = (e: KeyboardEvent, i: number) => {
    const last = tabs.length - 1;
    const next = e.key === 'ArrowRight' ? (i === last ? 0 : i + 1) : e.key === 'ArrowLeft' ? (i === 0 ? last : i - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : -1;
    if (next < 0) return;
    e.preventDefault();
    setActive(tabs[next]!.id);
    refs.current[next]?.focus();
  };
  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200 pb-2">
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.id}`}
            data-tab={t.id}
            aria-selected={t.id === active}
            aria-controls={`${base}-panel-${t.id}`}
            tabIndex={t.id === active ? 0 : -1}
            onClick={() => setActive(t.id)}
            onKeyDown={(e) => onKey(e, i)}
            className="shrink-0 rounded-full px-4 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 aria-selected:bg-primary-700 aria-selected:text-white"
          >
            {t.title}
          </button>
        ))}
      </div>
      {tabs.map((t) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`${base}-panel-${t.id}`}
          aria-labelledby={`${base}-tab-${t.id}`}
          data-state={t.id === active ? 'active' : 'inactive'}
          tabIndex={0}
          className="py-6 js:data-[state=inactive]:hidden"
        >
          {t.content}
        </div>
      ))}
    </div>
  );
}
