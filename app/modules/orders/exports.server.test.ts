// The bookkeeping exports against a real database: the period in the shop's time zone (both ends), the
// filters, paging in batches without losing or repeating a row, each receipt and refund a line, the audit.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { OrderStatus, PaymentState } from '~/db/schema/commerce.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { listAudit } from '~/lib/audit.server.ts';
import { addStaff } from '~/modules/staff/staff.server.ts';
import { insertTestOrder, testAddress } from '~/test/test-order.server.ts';
import { formulaCells } from '~/lib/test-csv.ts';
import { splitCsv } from '~/lib/csv.ts';
import { exportChunks, type ExportFilter, exportFileName, exportStream, findExport, recordExport } from './exports.server.ts';

async function text(chunks: AsyncGenerator<string>) {
  let out = '';
  for await (const c of chunks) out += c;
  return out;
}
/** The rows as a spreadsheet reads them: cells split at ; with RFC 4180 quotes. */
const lines = (csv: string) => splitCsv(csv, ';');

describeEachDatabase('bookkeeping exports', (ctx) => {
  const db = () => ctx().db;

  async function order(createdAt: string, over: { firstName?: string; status?: OrderStatus; paymentState?: PaymentState; total?: number } = {}) {
    const o = await insertTestOrder(db(), { email: 'klant@example.nl', status: over.status ?? 'processing' });
    await db()
      .update(s.orders)
      .set({
        createdAt: new Date(createdAt),
        billingAddress: { ...testAddress, firstName: over.firstName ?? 'Sanne' },
        ...(over.paymentState ? { paymentState: over.paymentState } : {}),
        ...(over.total ? { totalMinor: over.total } : {}),
      })
      .where(eq(s.orders.id, o.id));
    return o;
  }

  const november: ExportFilter = { kind: 'orders', from: '2026-11-01', to: '2026-11-30' };

  it('orders: the period in Amsterdam time with both ends, bookkeeping columns, amounts with a comma, formulas neutralised', async () => {
    const before = await order('2026-10-31T22:59:59Z', { firstName: 'Oktober' });
    const first = await order('2026-10-31T23:00:00Z', { firstName: '=HYPERLINK("http://x";"klik"),@SUM(1+1)' });
    const last = await order('2026-11-30T22:59:59.999Z', { firstName: 'Laatste', status: 'cancelled', paymentState: 'failed' });
    const after = await order('2026-11-30T23:00:00Z', { firstName: 'December' });
    const csv = await text(exportChunks(db(), november));
    const rows = lines(csv);
    expect(rows[0]!.join(';')).toBe('Bestelnummer;Datum;Klantnaam;E-mail;Land;Regio;Valuta;Subtotaal;Korting;Verzendkosten;Totaal;Betaalmethode;Betaalstatus;Status;Kortingscode;Betaald op');
    const numbers = rows.slice(1).map((r) => r[0]);
    expect(numbers).toEqual([first.number, last.number]);
    expect(csv).not.toContain(before.number);
    expect(csv).not.toContain(after.number);
    // 23:00 UTC on 31 October is midnight on 1 November in Amsterdam.
    expect(rows[1]!.slice(1, 4)).toEqual(['2026-11-01 00:00', `'=HYPERLINK("http://x";"klik"),'@SUM(1+1) de Vries`, 'klant@example.nl']);
    // Read with commas (English spreadsheet settings), the name's parts start no formula either.
    expect(formulaCells(csv, ',')).toEqual([]);
    expect(formulaCells(csv, ';')).toEqual([]);
    expect(rows[2]).toEqual([last.number, '2026-11-30 23:59', 'Laatste de Vries', 'klant@example.nl', 'NL', 'nl', 'EUR', '30,00', '0,00', '5,00', '35,00', 'Overschrijving', 'Mislukt', 'Geannuleerd', '', '']);

    // Filters on the order's status and payment state.
    expect(lines(await text(exportChunks(db(), { ...november, status: 'cancelled' }))).slice(1)).toHaveLength(1);
    expect(lines(await text(exportChunks(db(), { ...november, payment: 'complete' }))).slice(1).map((r) => r[0])).toEqual([first.number]);
    expect(lines(await text(exportChunks(db(), { ...november, status: 'shipped' })))).toHaveLength(1);
    // A summer day starts at 22:00 UTC the day before.
    const summer = await order('2026-06-30T22:00:00Z');
    const july = lines(await text(exportChunks(db(), { kind: 'orders', from: '2026-07-01', to: '2026-07-01' })));
    expect(july.slice(1).map((r) => r[0])).toEqual([summer.number]);
  });

  it('orders: paged in batches, no row lost or repeated, also with equal timestamps', async () => {
    const same = '2027-02-10T12:00:00Z';
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await order(same)).number);
    made.push((await order('2027-02-11T08:00:00Z')).number);
    const csv = await text(exportChunks(db(), { kind: 'orders', from: '2027-02-01', to: '2027-02-28' }, 2));
    expect(lines(csv).slice(1).map((r) => r[0])).toEqual(made);
  });

  it('payments: each amount received and each refund one line on the day the money moved, with the refunded total', async () => {
    const o = await order('2027-03-01T10:00:00Z', { status: 'processing', paymentState: 'complete' });
    const [paid] = await db()
      .insert(s.payments)
      .values({ orderId: o.id, method: 'bank_transfer', provider: 'manual', reference: o.number, state: 'complete', amountMinor: 3500, currency: 'EUR', updatedAt: new Date('2027-03-02T09:00:00Z') })
      .returning();
    await db()
      .insert(s.refunds)
      .values([
        { paymentId: paid!.id, idempotencyKey: `${o.number}-1`, amountMinor: 1000, currency: 'EUR', state: 'manual', reason: '=1+1 kapot zakje,@SUM(1+1)', updatedAt: new Date('2027-03-05T09:00:00Z') },
        { paymentId: paid!.id, idempotencyKey: `${o.number}-2`, amountMinor: 500, currency: 'EUR', state: 'failed', reason: 'mislukt', updatedAt: new Date('2027-03-05T10:00:00Z') },
        // April: outside the period.
        { paymentId: paid!.id, idempotencyKey: `${o.number}-3`, amountMinor: 700, currency: 'EUR', state: 'refunded', providerReference: 're_1', reason: 'later', updatedAt: new Date('2027-04-01T09:00:00Z') },
      ]);
    // Open and failed attempts moved no money; a payment for another amount did.
    const other = await order('2027-03-03T10:00:00Z', { status: 'new', paymentState: 'pending' });
    await db()
      .insert(s.payments)
      .values([
        { orderId: other.id, method: 'online', provider: 'mollie', reference: 'tr_open', state: 'pending', amountMinor: 3500, currency: 'EUR', updatedAt: new Date('2027-03-03T10:00:00Z') },
        { orderId: other.id, method: 'online', provider: 'mollie', reference: 'tr_review', state: 'needs_review', amountMinor: 3500, currency: 'EUR', receivedAmountMinor: 3400, receivedCurrency: 'EUR', updatedAt: new Date('2027-03-04T10:00:00Z') },
      ]);
    const filter: ExportFilter = { kind: 'payments', from: '2027-03-01', to: '2027-03-31' };
    const csv = await text(exportChunks(db(), filter, 1));
    const rows = lines(csv);
    expect(rows[0]!.join(';')).toBe('Bestelnummer;Datum;Soort;Betaalmethode;Provider;Referentie;Status;Bedrag;Valuta;Terugbetaald;Reden');
    expect(formulaCells(csv, ',')).toEqual([]);
    expect(formulaCells(csv, ';')).toEqual([]);
    expect(rows.slice(1)).toEqual([
      [o.number, '2027-03-02 10:00', 'Ontvangst', 'Overschrijving', 'manual', o.number, 'Betaald', '35,00', 'EUR', '17,00', ''],
      [other.number, '2027-03-04 11:00', 'Ontvangst', 'Online', 'mollie', 'tr_review', 'Controleren', '34,00', 'EUR', '0,00', ''],
      [o.number, '2027-03-05 10:00', 'Terugbetaling', 'Overschrijving', 'manual', o.number, 'Handmatig', '-10,00', 'EUR', '', "'=1+1 kapot zakje,'@SUM(1+1)"],
    ]);
    // The order filters apply to the order a payment belongs to.
    const reviewOnly = lines(await text(exportChunks(db(), { ...filter, payment: 'pending' })));
    expect(reviewOnly.slice(1).map((r) => r[5])).toEqual(['tr_review']);
    const april = lines(await text(exportChunks(db(), { ...filter, from: '2027-04-01', to: '2027-04-30' })));
    expect(april.slice(1)).toEqual([[o.number, '2027-04-01 11:00', 'Terugbetaling', 'Overschrijving', 'manual', 're_1', 'Terugbetaald', '-7,00', 'EUR', '', 'later']]);
  });

  it('an export is audited; its download works only for that staff member and only shortly after', async () => {
    const cli = { staffId: null, label: 'cli', clientAddress: null };
    const a = await addStaff(db(), cli, { email: 'boekhouding@kiemkracht.nl', name: 'Bea', role: 'orders' });
    const b = await addStaff(db(), cli, { email: 'ander@kiemkracht.nl', name: 'Ad', role: 'owner' });
    if (!a.ok || !b.ok) throw new Error('not added');
    const actor = { staffId: a.staffId, label: 'boekhouding@kiemkracht.nl', clientAddress: '203.0.113.9' };
    const now = new Date('2027-05-01T10:00:00Z');
    const filter: ExportFilter = { kind: 'payments', from: '2027-03-01', to: '2027-03-31', status: 'processing' };
    const id = await recordExport(db(), actor, filter, now);
    const audit = await listAudit(db(), { entity: 'export' });
    expect(audit.rows[0]).toMatchObject({ id, action: 'export.payments', staffId: a.staffId, entityId: '2027-03-01..2027-03-31', after: filter, clientAddress: '203.0.113.9' });
    expect(await findExport(db(), a.staffId, id, new Date(now.getTime() + 60_000))).toEqual(filter);
    expect(await findExport(db(), b.staffId, id, now)).toBeNull();
    expect(await findExport(db(), a.staffId, id, new Date(now.getTime() + 11 * 60_000))).toBeNull();
    expect(await findExport(db(), a.staffId, 1, now)).toBeNull();
    expect(exportFileName(filter)).toBe('kiemkracht-betalingen-2027-03-01-2027-03-31.csv');
    expect(exportFileName({ ...november })).toBe('kiemkracht-bestellingen-2026-11-01-2026-11-30.csv');
  });

  it('the stream starts with the byte-order mark and holds the same text', async () => {
    const bytes = new Uint8Array(await new Response(exportStream(db(), november)).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const decoded = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(decoded).toBe(`\uFEFF${await text(exportChunks(db(), november))}`);
  });
});
