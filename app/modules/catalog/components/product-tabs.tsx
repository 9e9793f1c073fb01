import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Tabs } from '~/components/ui/tabs.tsx';
import { product as t } from '~/i18n/nl/product.ts';
import { formatMoney } from '~/lib/money.ts';

type Props = {
  description: string;
  profile: [string, string][];
  /** The reviews panel: its own module's component. */
  reviews: ReactNode;
  shipping: { country: string; min: number; max: number; freeFrom: number } | null;
  currency: string;
  paymentOptions: { id: string; name: string; description: string }[];
  faqItems: { id: number; question: string; answer: string }[];
};

/** The product page's tabs: description, profile, reviews, shipping, payment, guarantees, FAQ. */
export function ProductTabs({ description, profile, reviews, shipping, currency, paymentOptions, faqItems }: Props) {
  return (
    <Tabs
      label={t.tabs.label}
      tabs={[
        {
          id: 'description',
          title: t.tabs.description,
          content: (
            <div className="max-w-3xl space-y-4 leading-relaxed text-slate-700">
              {description.split('\n\n').map((para) => (
                <p key={para.slice(0, 40)}>{para}</p>
              ))}
            </div>
          ),
        },
        {
          id: 'profile',
          title: t.tabs.profile,
          content: <ProfilePanel rows={profile} />,
        },
        {
          id: 'reviews',
          title: t.tabs.reviews,
          content: reviews,
        },
        {
          id: 'shipping',
          title: t.tabs.shipping,
          content: <ShippingPanel shipping={shipping} currency={currency} />,
        },
        {
          id: 'payment',
          title: t.tabs.payment,
          content: <PaymentPanel options={paymentOptions} />,
        },
        {
          id: 'guarantees',
          title: t.tabs.guarantees,
          content: (
            <>
              <ul className="max-w-3xl list-disc space-y-2 pl-6 text-slate-700 marker:text-primary-600">
                {t.guarantees.map((g) => (
                  <li key={g}>{g}</li>
                ))}
              </ul>
              <Link to="/restitutiebeleid" className="mt-3 inline-block text-sm font-medium text-primary-800 hover:underline">
                {t.guaranteesMore}
              </Link>
            </>
          ),
        },
        {
          id: 'faq',
          title: t.tabs.faq,
          content: <FaqPanel items={faqItems} />,
        },
      ]}
    />
  );
}

function ShippingPanel({ shipping, currency }: Pick<Props, 'shipping' | 'currency'>) {
  return (
    <>
      {shipping ? (
        <p className="text-slate-700">
          {t.shippingTo(shipping.country)}: {t.deliveryRange(shipping.min, shipping.max)}. {t.freeShippingFrom(formatMoney(shipping.freeFrom, currency))}
        </p>
      ) : null}
      <p className="mt-2 text-slate-700">{t.shippingDiscreet}</p>
      <Link to="/verzending-bezorging" className="mt-3 inline-block text-sm font-medium text-primary-800 hover:underline">
        {t.shippingMore}
      </Link>
    </>
  );
}

function PaymentPanel({ options }: { options: Props['paymentOptions'] }) {
  return (
    <>
      <p className="text-slate-700">{t.paymentIntro}</p>
      <ul className="mt-3 space-y-2">
        {options.map((o) => (
          <li key={o.id} className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
            <span className="font-medium text-slate-900">{o.name}</span>
            <span className="block text-sm text-slate-600">{o.description}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function FaqPanel({ items }: { items: Props['faqItems'] }) {
  return (
    <>
      <div className="max-w-3xl divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
        {items.map((item) => (
          <details key={item.id} className="group">
            <summary className="cursor-pointer list-none px-5 py-4 font-medium text-slate-900 [&::-webkit-details-marker]:hidden">{item.question}</summary>
            <p className="px-5 pb-4 text-slate-700">{item.answer}</p>
          </details>
        ))}
      </div>
      <Link to="/faq" className="mt-3 inline-block text-sm font-medium text-primary-800 hover:underline">
        {t.faqMore}
      </Link>
    </>
  );
}

function ProfilePanel({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid max-w-3xl gap-x-8 sm:grid-cols-2">
      {rows.map(([k, v]) => (
        <div key={k} className="flex justify-between gap-4 border-b border-slate-100 py-2 text-sm">
          <dt className="text-slate-500">{k}</dt>
          <dd className="text-right font-medium text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
