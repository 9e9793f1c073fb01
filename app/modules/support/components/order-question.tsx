import { MessageCircleQuestionMark } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { order as t } from '~/i18n/nl/order.ts';

/** "Vraag over deze bestelling?": to the contact form with the order number filled in. */
export function OrderQuestion({ number }: { number: string }) {
  return (
    <section className="flex flex-wrap items-center gap-4 rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" data-testid="order-question">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-secondary-50 text-secondary-700">
        <MessageCircleQuestionMark className="h-6 w-6" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold text-slate-900">{t.question}</h2>
        <p className="text-sm text-slate-600">{t.questionText}</p>
      </div>
      <Link to={`/contact?${new URLSearchParams({ bestelling: number })}`} className={buttonClass('secondary', 'md')}>
        {t.questionLink}
      </Link>
    </section>
  );
}
