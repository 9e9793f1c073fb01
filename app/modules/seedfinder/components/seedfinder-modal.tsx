import { ArrowRight, Sparkles } from 'lucide-react';
import { type MouseEvent, Suspense, useRef, useState } from 'react';
import { lazyComponent } from '~/components/lazy-component.tsx';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { useHydrated } from '~/components/use-hydrated.ts';
import { seedfinderTeaser } from '~/i18n/nl/seedfinder-teaser.ts';

const SeedfinderDialog = lazyComponent(() => import('./seedfinder-dialog.tsx').then((m) => m.SeedfinderDialog));

/**
 * Home page teaser. Without JavaScript the button is a plain link to /seedfinder; once hydrated it
 * opens a three-question version in a dialog that submits to the same page.
 */
export function SeedfinderTeaser() {
  const t = seedfinderTeaser;
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const cta = useRef<HTMLAnchorElement>(null);

  // Not a Dialog.Trigger: the link must keep working as a link (new tab, no JS), which Trigger prevents.
  const openDialog = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    setOpen(true);
  };

  return (
    <div className="flex flex-col gap-5 rounded-2xl bg-gradient-to-br from-primary-50 to-secondary-50 p-6 ring-1 ring-primary-100 sm:flex-row sm:items-center sm:justify-between sm:p-8">
      <div className="flex gap-4">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-white text-primary-700 ring-1 ring-primary-100">
          <Sparkles className="h-6 w-6" aria-hidden />
        </span>
        <div>
          <h2 className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">{t.title}</h2>
          <p className="mt-1 text-slate-600">{t.pitch}</p>
        </div>
      </div>
      <Link
        ref={cta}
        to="/seedfinder"
        onClick={openDialog}
        aria-haspopup={hydrated ? 'dialog' : undefined}
        aria-expanded={hydrated ? open : undefined}
        className={buttonClass('primary', 'lg', 'shrink-0')}
        data-testid="seedfinder-teaser"
      >
        {t.cta}
        <ArrowRight className="h-4 w-4" aria-hidden />
      </Link>

      {/* The dialog's code loads on first open. */}
      {open ? (
        <Suspense fallback={null}>
          <SeedfinderDialog onClose={() => setOpen(false)} returnFocusTo={cta} />
        </Suspense>
      ) : null}
    </div>
  );
}
