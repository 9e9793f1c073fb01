import { describe, expect, it } from 'vitest';
import * as schema from '~/db/schema/commerce.ts';
import { containsPattern, orderStatuses, paymentMethods, paymentStates, readOrderQuery } from './order-query.ts';

describe('orders list query', () => {
  it('reads search, filters, sort and page', () => {
    const q = readOrderQuery(new URLSearchParams('zoek= KK-7Q4M &betaling=complete&status=new&methode=bank_transfer&regio=nl-nl&van=2026-11-01&tot=2026-11-30&sortering=hoog&pagina=3'));
    expect(q).toEqual({ q: 'KK-7Q4M', payment: 'complete', status: 'new', method: 'bank_transfer', region: 'nl-nl', from: '2026-11-01', to: '2026-11-30', sort: 'hoog', page: 3, ignored: [] });
  });

  it('drops malformed values and says which', () => {
    const q = readOrderQuery(new URLSearchParams('betaling=paid&status=x&methode=&van=gisteren&tot=2026-02-31x&sortering=random&pagina=-1&regio=%27;drop'));
    expect(q).toMatchObject({ payment: undefined, status: undefined, method: undefined, from: undefined, to: undefined, sort: 'nieuw', page: 1, region: undefined });
    expect(q.ignored.sort()).toEqual(['betaling', 'sortering', 'status', 'tot', 'van']);
  });

  it('lists the same states and methods as the schema', () => {
    expect(paymentStates).toEqual(schema.paymentStates);
    expect(orderStatuses).toEqual(schema.orderStatuses);
    expect(paymentMethods).toEqual(schema.paymentMethods);
  });

  it('escapes LIKE wildcards in the search text', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
