import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { smallButton } from './styles.ts';

const t = backoffice.order.actionBar;
export type OrderActionSlug = keyof typeof t.buttons;
export const ORDER_ACTIONS = Object.keys(t.buttons) as OrderActionSlug[];

/**
 * The order's actions as a row of buttons; each opens its form below the row through `?actie=…` (rendered by the
 * server, so it works without JavaScript too; with it the same link is a client navigation). The open one's
 * button closes it again. Only the actions the role and the order's state allow are passed in (ADR 064).
 */
export function OrderActionBar({ actions, open, hint, children }: { actions: OrderActionSlug[]; open: OrderActionSlug | null; hint?: string | null; children?: ReactNode }) {
  if (actions.length === 0 && !hint) return null;
  return (
    <section aria-label={t.label} className="space-y-3">
      <ul className="flex flex-wrap gap-2" data-testid="order-action-bar">
        {actions.map((slug) => (
          <li key={slug}>
            <Link
              to={{ search: open === slug ? '' : `?actie=${slug}` }}
              preventScrollReset
              aria-expanded={open === slug}
              aria-controls={open === slug ? 'order-action' : undefined}
              className={open === slug ? smallButton.primary : smallButton.secondary}
            >
              {t.buttons[slug]}
            </Link>
          </li>
        ))}
      </ul>
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      {open && children ? (
        <div id="order-action" className="space-y-2" data-testid="order-action-open">
          {children}
          <Link to={{ search: '' }} preventScrollReset className={`${smallButton.quiet} w-full`}>
            {t.close}
          </Link>
        </div>
      ) : null}
    </section>
  );
}
