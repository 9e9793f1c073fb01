import { ArrowRight, CheckCircle2, Clock, HelpCircle, Mail, PackageSearch, RotateCcw, ShieldCheck, Truck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { support as t } from '~/i18n/nl/support.ts';

// The contact page's confirmation after sending, and the column beside the form.

export function Sent() {
  const heading = useRef<HTMLHeadingElement>(null);
  // After the redirect, screen readers and keyboards start at the confirmation, not at the top of the page.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="rounded-3xl bg-white p-6 ring-1 ring-slate-200 sm:p-10" role="status" data-testid="contact-sent">
      <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-primary-50 text-primary-700">
        <CheckCircle2 className="h-7 w-7" aria-hidden />
      </span>
      <h2 ref={heading} tabIndex={-1} className="mt-5 text-2xl font-extrabold tracking-tight text-slate-900 outline-none">
        {t.sent.title}
      </h2>
      <p className="mt-2 text-lg text-slate-700">{t.sent.text}</p>
      <p className="mt-2 text-sm text-slate-500">{t.sent.spam}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/contact" className={buttonClass('primary', 'md')}>
          {t.sent.another}
        </Link>
        <Link to="/product" className={buttonClass('secondary', 'md')}>
          {t.sent.home}
        </Link>
      </div>
    </section>
  );
}

const selfService = [
  { to: '/faq', icon: HelpCircle, title: t.aside.faq, text: t.aside.faqText },
  { to: '/order-status', icon: PackageSearch, title: t.aside.orderStatus, text: t.aside.orderStatusText },
  { to: '/verzending-bezorging', icon: Truck, title: t.aside.shipping, text: t.aside.shippingText },
  { to: '/retourbeleid', icon: RotateCcw, title: t.aside.returns, text: t.aside.returnsText },
];

export function ContactAside({ supportEmail }: { supportEmail: string }) {
  return (
    <aside className="space-y-4" aria-label={t.eyebrow}>
      <div className="rounded-3xl bg-primary-800 p-6 text-white">
        <span className="flex h-11 w-11 items-center justify-center rounded-2xl bg-white/10">
          <Clock className="h-6 w-6" aria-hidden />
        </span>
        <h2 className="mt-4 text-lg font-bold">{t.aside.promiseTitle}</h2>
        <p className="mt-1 text-sm text-primary-50">{t.aside.promiseText}</p>
        <p className="mt-4 text-sm font-semibold">{t.aside.mailTitle}</p>
        <a
          href={`mailto:${supportEmail}`}
          className="mt-1 inline-flex items-center gap-2 text-sm font-medium break-all text-white underline underline-offset-2"
          data-testid="support-email"
        >
          <Mail className="h-4 w-4 shrink-0" aria-hidden />
          {supportEmail}
        </a>
      </div>
      <nav className="rounded-3xl bg-white p-2 ring-1 ring-slate-200" aria-labelledby="self-service-title">
        <h2 id="self-service-title" className="px-4 pt-4 pb-2 text-sm font-semibold text-slate-900">
          {t.aside.selfServiceTitle}
        </h2>
        <ul>
          {selfService.map(({ to, icon: Icon, title, text }) => (
            <li key={to}>
              <Link to={to} className="group flex items-center gap-3 rounded-2xl p-3 hover:bg-slate-50">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-primary-50 text-primary-700">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-slate-900">{title}</span>
                  <span className="block text-sm text-slate-600">{text}</span>
                </span>
                <ArrowRight className="h-4 w-4 shrink-0 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-primary-700" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex gap-3 rounded-3xl bg-slate-50 p-5 ring-1 ring-slate-200">
        <ShieldCheck className="h-5 w-5 shrink-0 text-primary-700" aria-hidden />
        <div>
          <h2 className="text-sm font-semibold text-slate-900">{t.aside.discreetTitle}</h2>
          <p className="mt-1 text-sm text-slate-600">{t.aside.discreetText}</p>
        </div>
      </div>
    </aside>
  );
}
