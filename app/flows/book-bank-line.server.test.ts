import crypto from 'node:crypto';
import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { insertTestOrder, testAddress } from '~/test/test-order.server.ts';
import { listAudit } from '~/lib/audit.server.ts';
import { recentStatements, savedCsvMapping, statementPreview, uploadStatement } from '~/modules/payments/bank.server.ts';
import { CSV_PRESETS, StatementError } from '~/modules/payments/bank-statement.ts';
import { bookStatement } from './book-bank-line.server.ts';

const links = { origin: 'https://kiemkracht.test', secret: 'test-secret' };
const actor = { staffId: null, label: 'test', clientAddress: null };
const camt = fs.readFileSync('tests/fixtures/bank/camt053.xml');

describeEachDatabase('bank reconciliation', (ctx) => {
  const db = () => ctx().db;
  const tag = crypto.randomBytes(3).toString('hex');
  const orderAs = async (number: string, totalMinor: number, firstName: string, lastName: string) => {
    const o = await insertTestOrder(db(), { email: `bank.${tag}.${number}@example.nl`, status: 'new' });
    const address = { ...testAddress, firstName, lastName };
    await db().update(s.orders).set({ number, totalMinor, billingAddress: address, shippingAddress: address }).where(eq(s.orders.id, o.id));
    return { id: o.id, number };
  };
  const state = async (number: string) => (await db().select().from(s.orders).where(eq(s.orders.number, number)))[0]!;

  it('previews without booking, books matched lines and the picked ambiguous one, and books nothing the second time', async () => {
    await orderAs('KK-7Q4M-9XHD', 1490, 'Sanne', 'de Vries');
    // 20,00 of 35,00 arrives on the statement: the order is partly paid afterwards.
    await orderAs('KK-B2C3-D4E5', 5500, 'Jan', 'Jansen');
    await orderAs('KK-H6J7-K8M9', 2495, 'Piet', 'Pieters');
    await orderAs('KK-N2P3-Q4R5', 2495, 'Klaas', 'Klaassen');
    await orderAs('KK-S6T7-U8V9', 1950, 'Eva', 'Bakker');
    // Another order paid, by a payment row whose id happens to equal its order's id: the sums of what came in must
    // stay per order (a subquery that compared the order id with the payment's own id made every order look paid).
    const other = await insertTestOrder(db(), { email: `bank.${tag}.other@example.nl`, status: 'processing' });
    await db().execute(sql`select setval(pg_get_serial_sequence('payments', 'id'), greatest((select coalesce(max(id), 0) from payments), ${other.id}))`);
    await db().delete(s.payments).where(eq(s.payments.id, other.id));
    await db().insert(s.payments).values({ id: other.id, orderId: other.id, method: 'bank_transfer', provider: 'manual', reference: `same-id-${tag}`, state: 'complete', amountMinor: 999_00, currency: 'EUR' });

    const hash = await uploadStatement(db(), actor, { name: 'afschrift.xml', bytes: camt }, CSV_PRESETS.ing);
    expect(await uploadStatement(db(), actor, { name: 'afschrift.xml', bytes: camt }, CSV_PRESETS.ing)).toBe(hash);
    expect((await recentStatements(db()))[0]).toMatchObject({ hash, fileName: 'afschrift.xml', lines: 6 });
    const preview = (await statementPreview(db(), hash))!;
    expect(preview.counts).toEqual({ matched: 3, ambiguous: 1, unmatched: 1, ignored: 0, booked: 0, debit: 1 });
    // The typo'd reference fits the one open order it is one character from (whatever the amount).
    expect(preview.rows[2]!.match).toEqual({ kind: 'matched', orderNumber: 'KK-B2C3-D4E5', via: 'reference_typo' });
    expect(await db().select().from(s.payments).where(eq(s.payments.provider, 'bank'))).toHaveLength(0);

    const picks = new Map([[3, 'KK-N2P3-Q4R5']]);
    const [a, b] = await Promise.all([bookStatement(db(), actor, hash, picks, links), bookStatement(db(), actor, hash, picks, links)]);
    expect(a!.booked + b!.booked).toBe(4);
    expect((await db().select().from(s.payments).where(eq(s.payments.provider, 'bank'))).length).toBe(4);
    // 35,00 of 55,00: partly paid, the rest still due.
    expect((await state('KK-B2C3-D4E5')).paymentState).toBe('pending');
    expect((await statementPreview(db(), hash))!.rows[2]!.match).toEqual({ kind: 'booked', orderNumber: 'KK-B2C3-D4E5' });
    expect((await state('KK-7Q4M-9XHD')).paymentState).toBe('complete');
    expect((await state('KK-N2P3-Q4R5')).paymentState).toBe('complete');
    expect((await state('KK-H6J7-K8M9')).paymentState).toBe('pending');
    expect((await state('KK-S6T7-U8V9')).paymentState).toBe('complete');

    const again = await bookStatement(db(), actor, hash, picks, links);
    expect(again).toEqual({ booked: 0, review: 0, already: 4, skipped: 1, ignored: 0, changed: [] });
    const after = (await statementPreview(db(), hash))!;
    expect(after.counts.booked).toBe(4);
    expect(after.rows[0]!.match).toEqual({ kind: 'booked', orderNumber: 'KK-7Q4M-9XHD' });
    const mails = await db().select().from(s.outbox).where(sql`${s.outbox.payload}->'data'->>'orderNumber' = 'KK-7Q4M-9XHD' and ${s.outbox.payload}->>'template' = 'payment_received'`);
    expect(mails).toHaveLength(1);
    const [row] = await db().select().from(s.payments).where(and(eq(s.payments.provider, 'bank'), eq(s.payments.reference, 'camt:NL69INGB0123456789:2026112400001')));
    expect(row).toMatchObject({ state: 'complete', amountMinor: 1490, payer: 'S DE VRIES', note: 'Bestelling KK-7Q4M-9XHD', method: 'bank_transfer' });
    expect((await listAudit(db(), { action: 'payment.received', entityId: 'KK-7Q4M-9XHD' })).total).toBe(1);
  });

  it('a booked partial amount leaves the order partly paid; a CSV upload keeps its column mapping; bad files are refused', async () => {
    await orderAs('KK-W2X3-Y4Z5', 3500, 'Sanne', 'de Vries');
    const ing = fs.readFileSync('tests/fixtures/bank/ing.csv', 'utf8').replaceAll('KK-7Q4M-9XHD', 'KK-W2X3-Y4Z5').replaceAll('KK-B2C3-D4E5', 'KK-ZZZZ-ZZZZ');
    const mapping = { ...CSV_PRESETS.ing, description: 'Mededelingen, Mutatiesoort' };
    const hash = await uploadStatement(db(), actor, { name: 'ing.csv', bytes: Buffer.from(ing) }, mapping);
    expect(await savedCsvMapping(db())).toEqual(mapping);
    const result = await bookStatement(db(), actor, hash, new Map(), links);
    expect(result).toMatchObject({ booked: 1 });
    expect((await state('KK-W2X3-Y4Z5')).paymentState).toBe('pending');
    const [row] = await db().select().from(s.payments).where(eq(s.payments.provider, 'bank')).orderBy(sql`${s.payments.id} desc`).limit(1);
    expect(row).toMatchObject({ amountMinor: 745 });
    await expect(uploadStatement(db(), actor, { name: 'x.xml', bytes: fs.readFileSync('tests/fixtures/bank/xxe.xml') }, mapping)).rejects.toBeInstanceOf(StatementError);
    expect(await statementPreview(db(), 'f'.repeat(64))).toBeNull();
  });
});
