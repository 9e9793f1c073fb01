import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Form, useLocation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { nl } from '~/i18n/nl.ts';
import { useShop } from '~/components/shop-context.ts';

/**
 * SPEC §5: visitors confirm they are 18+. Rendered on the server, so it works without JavaScript.
 * Modal by markup, not by script: the layout renders the page behind it `inert` with scrolling off, the overlay
 * takes the pointer, there is nothing to close it with, and Tab cycles inside. A dialog library's modal mode
 * (scroll lock, aria-hidden on every sibling, pointer-events on the body) restyled the whole page several times
 * during hydration: ~200 ms of blocked main thread on a phone's first visit (Lighthouse, ADR 038).
 */
export function AgeGate() {
  const shop = useShop();
  const location = useLocation();
  const confirm = useRef<HTMLButtonElement>(null);
  // Focus goes into the dialog once the page is interactive (before that the browser keeps it at the top).
  useEffect(() => confirm.current?.focus(), []);
  if (!shop?.showAgeGate) return null;
  const here = location.pathname + location.search;
  return (
    <>
      <div className="fixed inset-0 z-[60] bg-slate-900/80" aria-hidden />
      <div
        role="dialog"
        aria-modal="true"
        data-testid="age-gate"
        aria-labelledby="age-gate-title"
        aria-describedby="age-gate-text"
        onKeyDown={cycleFocus}
        className="fixed top-1/2 left-1/2 z-[60] w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-7 text-center shadow-2xl"
      >
        <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-primary-100 text-primary-800">
          <ShieldCheck className="h-7 w-7" aria-hidden />
        </div>
        <h2 id="age-gate-title" className="mt-4 text-2xl font-bold text-slate-900">
          {nl.ageGate.title}
        </h2>
        <p id="age-gate-text" className="mt-2 text-slate-600">
          {nl.ageGate.text}
        </p>
        {shop.ageDenied ? (
          <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {nl.ageGate.denied}
          </p>
        ) : null}
        <Form method="post" action="/api/age" className="mt-6 grid gap-3">
          <input type="hidden" name="redirectTo" value={here} />
          <button ref={confirm} type="submit" name="answer" value="yes" className={buttonClass('primary', 'lg')}>
            {nl.ageGate.confirm}
          </button>
          <button type="submit" name="answer" value="no" className={buttonClass('secondary', 'lg')}>
            {nl.ageGate.deny}
          </button>
        </Form>
        <p className="mt-5 text-xs text-slate-500">{nl.ageGate.souvenir}</p>
      </div>
    </>
  );
}

/** Tab from the last control goes to the first one, Shift+Tab from the first to the last: focus stays in the gate. */
function cycleFocus(e: React.KeyboardEvent<HTMLElement>) {
  if (e.key !== 'Tab') return;
  const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>('button, [href], input:not([type="hidden"]), [tabindex]:not([tabindex="-1"])')];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const edge = e.shiftKey ? first : last;
  if (document.activeElement === edge) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  }
}
