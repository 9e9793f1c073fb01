import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';
import { Form, Link } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { nl } from '~/i18n/nl.ts';
import { seedfinder } from '~/i18n/nl/seedfinder.ts';
import type { QuestionKey } from '../seedfinder.ts';
import { QuestionFieldset } from './question-fieldset.tsx';

const QUICK: QuestionKey[] = ['experience', 'effect', 'patience'];

/** The three-question seedfinder in a modal; loaded when the home page teaser opens it. */
export function SeedfinderDialog({ onClose, returnFocusTo }: { onClose: () => void; returnFocusTo: RefObject<HTMLAnchorElement | null> }) {
  const t = seedfinder.teaser;
  return (
      <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
        <Dialog.Portal>
          <Dialog.Overlay className="animate-fade fixed inset-0 z-50 bg-slate-900/50" />
          <Dialog.Content
            data-testid="seedfinder-modal"
            // Radix returns focus to its own Trigger, which we do not use: hand it back to the link instead.
            onCloseAutoFocus={(e) => {
              e.preventDefault();
              returnFocusTo.current?.focus();
            }}
            className="animate-pop fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[94vw] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl sm:p-6"
          >
            <div className="flex items-start justify-between gap-4">
              <Dialog.Title className="text-xl font-bold text-slate-900">{t.dialogTitle}</Dialog.Title>
              <Dialog.Close className="-mt-1 -mr-2 rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label={nl.panels.close}>
                <X className="h-5 w-5" aria-hidden />
              </Dialog.Close>
            </div>
            <Dialog.Description className="mt-1 text-sm text-slate-600">{t.dialogDescription}</Dialog.Description>
            {/* Closing first lets focus return to the teaser before the page changes. */}
            <Form method="get" action="/seedfinder" onSubmit={onClose} className="mt-5 space-y-5">
              {QUICK.map((q, i) => (
                <QuestionFieldset key={q} question={q} number={i + 1} size="sm" />
              ))}
              <div className="space-y-3 pt-1">
                <button type="submit" className={buttonClass('primary', 'lg', 'w-full')}>
                  {seedfinder.submit}
                </button>
                <Link to="/seedfinder" onClick={onClose} className="block text-center text-sm font-semibold text-primary-800 hover:underline">
                  {t.fullQuiz}
                </Link>
              </div>
            </Form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
  );
}
