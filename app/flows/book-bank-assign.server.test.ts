// ADR 029: a bank credit without a match is assigned to an open order or marked "not for an order" by staff; the
// choice is remembered by the line's stable key, so an overlapping statement shows it; each line books once.
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { insertTestOrder, testAddress } from '~/test/test-order.server.ts';
import { noteErrors, notesFrom, picksFrom } from '~/modules/payments/bank.schemas.ts';
import { searchOpenOrders, statementPreview, uploadStatement } from '~/modules/payments/bank.server.ts';
import { CSV_PRESETS } from '~/modules/payments/bank-statement.ts';
import { bookStatement } from './book-bank-line.server.ts';

const links = { origin: 'https://kiemkracht.test', secret: 'test-secret' };
const actor = { staffId: null, label: 'test', clientAddress: null };
const HEADER = '"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";"Mutatiesoort";"Mededelingen"';
/** An ING CSV line: no bank reference, so its key is the hash of what it says. */
const csvLine = (date: string, name: string, amount: string, text: string) => `"${date}";"${name}";"NL69INGB0123456789";"NL20RABO0300000003";"OV";"Bij";"${amount}";"Overschrijving";"${text}"`;
const statement = (lines: string[]) => Buffer.from([HEADER, ...lines].join('\n'));

describeEachDatabase('bank: assigning unmatched credits', (ctx) => {
  const db = () => ctx().db;
  const tag = crypto.randomBytes(3).toString('hex');
  let n = 0;
  /** An open order with a number of its own (KK + 8 characters), so references on other tests' lines never match it. */
  const openOrder = async (totalMinor: number, firstName: string, lastName: string) => {
    const o = await insertTestOrder(db(), { email: `toewijzen.${tag}.${++n}@example.nl`, status: 'new' });
    const number = `KK-${tag.slice(0, 4).toUpperCase()}-${String(1000 + n).slice(-4)}`.replace(/[^A-Z0-9-]/g, 'X');
    const address = { ...testAddress, firstName, lastName };
    await db().update(s.orders).set({ number, totalMinor, billingAddress: address, shippingAddress: address }).where(eq(s.orders.id, o.id));
    return { id: o.id, number };
  };
  const bankPayments = (key: string) => db().select().from(s.payments).where(and(eq(s.payments.provider, 'bank'), eq(s.payments.reference, key)));
  const upload = (name: string, lines: string[]) => uploadStatement(db(), actor, { name, bytes: statement(lines) }, CSV_PRESETS.ing);
  const choice = async (hash: string, number: string) => {
    const o = (await statementPreview(db(), hash))!.orders.find((x) => x.number === number)!;
    return `${o.number}~${o.version}`;
  };

  it('assigns a credit to an open order and marks another not for an order; an overlapping statement shows both', async () => {
    const order = await openOrder(30_00, 'Kees', 'Klaver');
    const paid = csvLine('20261201', 'K KLAVER', '29,00', `Naam: K KLAVER Omschrijving: zaadjes ${tag}`);
    const interest = csvLine('20261201', 'ING BANK', '0,05', `Rente ${tag}`);
    const hash = await upload('dec-1.csv', [paid, interest]);
    const preview = (await statementPreview(db(), hash))!;
    expect(preview.rows.map((r) => r.match.kind)).toEqual(['unmatched', 'unmatched']);
    // The search finds the open order by number, name and amount.
    for (const q of [order.number.toLowerCase(), 'klaver', '30,00']) expect(searchOpenOrders(preview.orders, q).map((o) => o.number)).toContain(order.number);
    expect(searchOpenOrders(preview.orders, 'niemand-zo-genaamd').map((o) => o.number)).not.toContain(order.number);

    const picks = new Map([
      [0, await choice(hash, order.number)],
      [1, '-'],
    ]);
    const result = await bookStatement(db(), actor, hash, picks, links, new Date(), new Map([[1, 'Rente van de bank']]));
    expect(result).toMatchObject({ booked: 1, ignored: 1, changed: [] });
    const key = preview.rows[0]!.line.key;
    expect(await bankPayments(key)).toMatchObject([{ orderId: order.id, amountMinor: 29_00, state: 'complete' }]);

    // A later statement that overlaps: the same two lines (now elsewhere in the file) and a new one.
    const later = await upload('dec-1-2.csv', [csvLine('20261202', 'X', '1,23', `Nieuw ${tag}`), interest, paid]);
    expect(later).not.toBe(hash);
    const again = (await statementPreview(db(), later))!;
    expect(again.rows.map((r) => r.match)).toEqual([{ kind: 'unmatched' }, { kind: 'ignored', note: 'Rente van de bank' }, { kind: 'booked', orderNumber: order.number }]);
    expect(again.counts).toMatchObject({ unmatched: 1, ignored: 1, booked: 1 });
    // Booking the later statement books nothing twice.
    const second = await bookStatement(db(), actor, later, new Map([[2, await choice(later, order.number)]]), links);
    expect(second).toMatchObject({ booked: 0, already: 1, ignored: 0, skipped: 1 });
    expect(await bankPayments(key)).toHaveLength(1);
  });

  it('a line booked under its old position-based key (before keys left out the position) shows as booked and is not booked again', async () => {
    const order = await openOrder(41_00, 'Lotte', 'Linde');
    const line = csvLine('20261130', 'L LINDE', '20,00', `Deel 1 ${tag}`);
    const hash = await upload('nov-legacy.csv', [line]);
    const stored = (await statementPreview(db(), hash))!.rows[0]!.line;
    // The old key: the line's contents and its place in the file (the first data row).
    expect(stored.legacyKey).toMatch(/^csv:[0-9a-f]+$/);
    expect(stored.legacyKey).not.toBe(stored.key);
    await db().insert(s.payments).values({ orderId: order.id, method: 'bank_transfer', provider: 'bank', reference: stored.legacyKey!, state: 'complete', amountMinor: 20_00, currency: 'EUR', receivedAt: new Date() });
    const again = await upload('nov-legacy-again.csv', [line, csvLine('20261130', 'IEMAND', '1,00', `Ander ${tag}`)]);
    const preview = (await statementPreview(db(), again))!;
    expect(preview.rows[0]!.match).toEqual({ kind: 'booked', orderNumber: order.number });
    const booked = await bookStatement(db(), actor, again, new Map([[0, await choice(again, order.number)]]), links);
    expect(booked).toMatchObject({ booked: 0, already: 1 });
    expect(await bankPayments(stored.key)).toHaveLength(0);
  });

  it('books a line once when two forms assign it at the same moment, to two orders or to the same one', async () => {
    const a = await openOrder(50_00, 'Anna', 'Aalders');
    const b = await openOrder(60_00, 'Bram', 'Bakker');
    const hash = await upload('dec-2.csv', [csvLine('20261203', 'ONBEKEND', '12,00', `Storting ${tag}`), csvLine('20261203', 'ONBEKEND', '13,00', `Storting ${tag}`)]);
    const [toA, toB] = [await choice(hash, a.number), await choice(hash, b.number)];
    const results = await Promise.all([bookStatement(db(), actor, hash, new Map([[0, toA]]), links), bookStatement(db(), actor, hash, new Map([[0, toB]]), links)]);
    expect(results.reduce((sum, r) => sum + r!.booked, 0)).toBe(1);
    const key = (await statementPreview(db(), hash))!.rows[0]!.line.key;
    expect(await bankPayments(key)).toHaveLength(1);

    const key2 = (await statementPreview(db(), hash))!.rows[1]!.line.key;
    const same = await choice(hash, a.number);
    const twice = await Promise.all([bookStatement(db(), actor, hash, new Map([[1, same]]), links), bookStatement(db(), actor, hash, new Map([[1, same]]), links)]);
    expect(twice.reduce((sum, r) => sum + r!.booked, 0)).toBe(1);
    expect(await bankPayments(key2)).toHaveLength(1);
  });

  it('refuses an assignment to an order that changed since the preview (ADR 054), and a mark without a note', async () => {
    const o = await openOrder(40_00, 'Cor', 'Claassen');
    const hash = await upload('dec-3.csv', [csvLine('20261204', 'C CLAASSEN', '39,00', `Bestelling ${tag}`)]);
    const rendered = await choice(hash, o.number);
    // Someone books a part by hand in between: the order's version changes.
    await db().insert(s.payments).values({ orderId: o.id, method: 'bank_transfer', provider: 'manual', reference: `hand-${tag}`, state: 'complete', amountMinor: 5_00, currency: 'EUR' });
    const result = await bookStatement(db(), actor, hash, new Map([[0, rendered]]), links);
    expect(result).toMatchObject({ booked: 0, changed: [o.number] });
    const key = (await statementPreview(db(), hash))!.rows[0]!.line.key;
    expect(await bankPayments(key)).toHaveLength(0);
    // With the version shown now it books.
    expect(await bookStatement(db(), actor, hash, new Map([[0, await choice(hash, o.number)]]), links)).toMatchObject({ booked: 1, changed: [] });

    const form = new FormData();
    form.set('kies-0', '-');
    form.set('notitie-0', '  ');
    form.set('kies-1', '-');
    form.set('notitie-1', 'x'.repeat(501));
    form.set('kies-2', '-');
    form.set('notitie-2', 'Terugbetaling leverancier');
    expect(noteErrors(form, picksFrom(form), notesFrom(form))).toEqual({ 0: t.bank.assign.noteMissing, 1: t.bank.assign.noteLong(500) });
  });
});
