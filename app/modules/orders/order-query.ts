// The orders list's query string (search, filters, sort, page) read into a typed query. Pure: anything
// malformed is dropped and named in `ignored`, so a hand-edited address never breaks the page.
import type { OrderStatus, PaymentMethod, PaymentState } from '~/db/schema/commerce.ts';

// The schema's lists again, so the pages do not import the schema (and Drizzle) into the browser; a test
// keeps them equal.
export const paymentStates = ['pending', 'processing', 'complete', 'failed'] as const satisfies readonly PaymentState[];
export const orderStatuses = ['new', 'processing', 'shipped', 'cancelled'] as const satisfies readonly OrderStatus[];
export const paymentMethods = ['bank_transfer', 'online', 'cash_by_mail'] as const satisfies readonly PaymentMethod[];

export const orderSorts = ['nieuw', 'oud', 'hoog', 'laag'] as const;
export type OrderSort = (typeof orderSorts)[number];

export type OrderQuery = {
  q: string;
  payment?: PaymentState;
  status?: OrderStatus;
  method?: PaymentMethod;
  region?: string;
  from?: string;
  to?: string;
  sort: OrderSort;
  page: number;
};

export const ORDER_PAGE_SIZE = 25;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined => (v && (list as readonly string[]).includes(v) ? (v as T) : undefined);

export function readOrderQuery(params: URLSearchParams): OrderQuery & { ignored: string[] } {
  const ignored: string[] = [];
  const pick = <T extends string>(name: string, list: readonly T[]) => {
    const raw = params.get(name);
    const v = oneOf(list, raw);
    if (raw && !v) ignored.push(name);
    return v;
  };
  const day = (name: string) => {
    const raw = params.get(name);
    if (!raw) return undefined;
    if (DAY.test(raw) && !Number.isNaN(Date.parse(raw))) return raw;
    ignored.push(name);
    return undefined;
  };
  const region = params.get('regio')?.trim() ?? '';
  const rawPage = Number(params.get('pagina') ?? '1');
  return {
    q: (params.get('zoek') ?? '').trim().slice(0, 100),
    payment: pick('betaling', paymentStates),
    status: pick('status', orderStatuses),
    method: pick('methode', paymentMethods),
    region: /^[a-z-]{2,10}$/.test(region) ? region : undefined,
    from: day('van'),
    to: day('tot'),
    sort: pick('sortering', orderSorts) ?? 'nieuw',
    page: Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 10_000 ? rawPage : 1,
    ignored,
  };
}

/** A LIKE pattern that matches `text` anywhere, with its own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
