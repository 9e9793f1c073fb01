import { newsletter } from '~/i18n/nl/newsletter.ts';
import { NewsletterForm } from './newsletter-form.tsx';

/** The footer's sign-up: loaded on demand by the footer (the server renders it, so it works without JavaScript). */
export function FooterNewsletter() {
  return (
    <section className="mt-10 grid gap-4 rounded-3xl bg-slate-50 p-5 ring-1 ring-slate-200 sm:p-6 lg:grid-cols-[1fr_1.2fr] lg:items-center">
      <div>
        <h2 className="text-lg font-bold text-slate-900">{newsletter.title}</h2>
        <p className="mt-1 text-sm text-slate-600">{newsletter.lead}</p>
      </div>
      <NewsletterForm source="footer" />
    </section>
  );
}
