import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { MAIL_FROM, MAX_ATTEMPTS, type MailTransport, countFailedMails, createMailTransport, deliverOutbox, failedMails, listDevOutbox, readDevMail, startMailWorker } from './mail.server.ts';
import { enqueueMail } from '~/lib/mail-outbox.server.ts';
import type { OrderMail } from './mail.ts';
import { staffMailAction } from './staff-mail.server.ts';

function orderMail(n: number, template: OrderMail['template'] = 'order_received'): OrderMail {
  const number = `KK-${String(n).padStart(5, '0')}`;
  return {
    template,
    to: `klant${n}@example.nl`,
    data: {
      orderNumber: number,
      statusUrl: `https://kiemkracht.nl/bestelstatus?nummer=${number}`,
      currency: 'EUR',
      lines: [{ name: 'Amnesia Haze', seeds: 5, quantity: 1, unitPrice: 2450, isFree: false }],
      subtotal: 2450,
      discount: 0,
      shipping: 695,
      total: 3145,
      couponCode: null,
      paymentMethod: 'online',
      instructions: { kind: 'online' },
      shippingAddress: {
        firstName: 'Jan',
        lastName: 'Jansen',
        phone: '',
        line1: 'Dorpsstraat 2',
        line2: '',
        city: 'Zwolle',
        postalCode: '8011 AA',
        countryIso: 'NL',
        countryName: 'Nederland',
        state: '',
      },
      carrier: 'tracked_parcel',
      deliveryMinDays: 1,
      deliveryMaxDays: 3,
      tracking: null,
    },
  };
}

type Received = { from: string; to: string[]; raw: string };
const received: Received[] = [];
let smtp: SMTPServer;
let smtpUrl = '';
let tmp = '';

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'kk-mail-'));
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await fs.rm(tmp, { recursive: true, force: true });
});

const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1]?.trim();

describeEachDatabase(
  'mail outbox',
  (ctx) => {
    beforeEach(async () => {
      await ctx().db.delete(s.outbox);
      received.length = 0;
    });

    it('delivers queued mails over SMTP once and marks them sent', async () => {
      const { db } = ctx();
      await db.transaction(async (tx) => {
        await enqueueMail(tx, orderMail(1));
        await enqueueMail(tx, orderMail(2, 'payment_received'));
      });
      const transport = createMailTransport({ smtpUrl, outboxDir: path.join(tmp, 'unused') });

      expect(await deliverOutbox(db, transport)).toEqual({ sent: 2, failed: 0 });
      expect(received).toHaveLength(2);
      const byRecipient = Object.fromEntries(received.map((r) => [r.to.join(','), r]));
      expect(subjectOf(byRecipient['klant1@example.nl']!.raw)).toBe('Bedankt voor je bestelling KK-00001');
      expect(subjectOf(byRecipient['klant2@example.nl']!.raw)).toBe('Betaling ontvangen voor bestelling KK-00002');
      expect(received[0]!.from).toBe('bestellingen@kiemkracht.nl');
      expect(received[0]!.raw).toContain('Kiemkracht <bestellingen@kiemkracht.nl>');

      const rows = await db.select().from(s.outbox);
      expect(rows.every((r) => r.sentAt !== null && r.kind === 'mail')).toBe(true);

      expect(await deliverOutbox(db, transport)).toEqual({ sent: 0, failed: 0 });
      expect(received).toHaveLength(2);
    });

    it('a rolled-back transaction queues nothing', async () => {
      const { db } = ctx();
      await expect(
        db.transaction(async (tx) => {
          await enqueueMail(tx, orderMail(3));
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      expect(await db.select().from(s.outbox)).toHaveLength(0);
    });

    it('a failing send leaves the mail queued with a backoff; it is retried when due', async () => {
      const { db } = ctx();
      await enqueueMail(db, orderMail(4));
      // +1 ms: the row's available_at (the database's now()) has microseconds, a Date only milliseconds,
      // so a Date taken in the same millisecond can be earlier than the row and find nothing due.
      const now = new Date(Date.now() + 1);
      const failing: MailTransport = {
        send: async () => {
          throw new Error('SMTP weg');
        },
      };
      expect(await deliverOutbox(db, failing, { now })).toEqual({ sent: 0, failed: 1 });
      const [row] = await db.select().from(s.outbox);
      expect(row!.sentAt).toBeNull();
      expect(row!.attempts).toBe(1);
      expect(row!.lastError).toContain('SMTP weg');
      expect(row!.availableAt.getTime()).toBe(now.getTime() + 30_000);

      const sent: string[] = [];
      const ok: MailTransport = { send: async (m) => void sent.push(m.subject) };
      expect(await deliverOutbox(db, ok, { now })).toEqual({ sent: 0, failed: 0 }); // not due yet
      expect(await deliverOutbox(db, ok, { now: new Date(now.getTime() + 30_000) })).toEqual({ sent: 1, failed: 0 });
      expect(sent).toEqual(['Bedankt voor je bestelling KK-00004']);
    });

    it('a mail that used every attempt is kept as failed, listed, counted, and sent again on retry', async () => {
      const { db } = ctx();
      await db.delete(s.outbox);
      await enqueueMail(db, orderMail(6));
      await db.update(s.outbox).set({ attempts: MAX_ATTEMPTS - 1 });
      const gaveUp: number[] = [];
      const failing: MailTransport = {
        send: async () => {
          throw new Error('SMTP weg');
        },
      };
      const now = new Date(Date.now() + 1);
      expect(await deliverOutbox(db, failing, { now, onGiveUp: (id) => gaveUp.push(id) })).toEqual({ sent: 0, failed: 1 });
      expect(gaveUp).toHaveLength(1);
      expect(await countFailedMails(db)).toBe(1);
      const [failed] = await failedMails(db);
      expect(failed).toMatchObject({ id: gaveUp[0], to: 'klant6@example.nl', attempts: MAX_ATTEMPTS, lastError: 'SMTP weg' });
      expect((await staffMailAction(db, { action: 'failed' })).message).toContain(`#${gaveUp[0]}`);

      const sent: string[] = [];
      const ok: MailTransport = { send: async (m) => void sent.push(m.to) };
      expect(await deliverOutbox(db, ok, { now: new Date(now.getTime() + 24 * 3600_000) })).toEqual({ sent: 0, failed: 0 });
      expect(await staffMailAction(db, { action: 'retry', id: 999_999 })).toMatchObject({ ok: false });
      expect(await staffMailAction(db, { action: 'retry' })).toMatchObject({ ok: true });
      expect(await deliverOutbox(db, ok, { now: new Date(Date.now() + 1) })).toEqual({ sent: 1, failed: 0 });
      expect(sent).toEqual(['klant6@example.nl']);
      expect(await countFailedMails(db)).toBe(0);
    });

    it('an order mail is delivered after a 10-minute SMTP outage (fake clock), without giving up', async () => {
      const { db } = ctx();
      await db.delete(s.outbox);
      await enqueueMail(db, orderMail(7));
      const start = Date.now() + 1;
      let clock = start;
      const sent: string[] = [];
      const smtp: MailTransport = {
        send: async (m) => {
          if (clock < start + 10 * 60_000) throw new Error('ECONNREFUSED');
          sent.push(m.to);
        },
      };
      // The worker polls every second; step the clock in 5-second ticks for an hour.
      for (; clock < start + 3600_000 && sent.length === 0; clock += 5_000) await deliverOutbox(db, smtp, { now: new Date(clock) });
      expect(sent).toEqual(['klant7@example.nl']);
      expect(clock - start).toBeLessThan(30 * 60_000);
      const [row] = await db.select().from(s.outbox);
      expect(row!.failedAt).toBeNull();
      expect(row!.sentAt).not.toBeNull();
    });

    it('leaves mails alone after 10 failed attempts', async () => {
      const { db } = ctx();
      await enqueueMail(db, orderMail(5));
      await db.update(s.outbox).set({ attempts: 10 });
      const ok: MailTransport = { send: async () => {} };
      expect(await deliverOutbox(db, ok)).toEqual({ sent: 0, failed: 0 });
    });

    it('concurrent deliveries send each mail exactly once', async () => {
      const { db } = ctx();
      for (let i = 0; i < 10; i++) await enqueueMail(db, orderMail(100 + i));
      const sent: string[] = [];
      const slow: MailTransport = {
        send: async (m) => {
          // A send that yields to the other deliveries before it completes (no fixed delay: the event loop's turn).
          await new Promise((r) => setImmediate(r));
          sent.push(m.to);
        },
      };
      const results = await Promise.all([deliverOutbox(db, slow), deliverOutbox(db, slow), deliverOutbox(db, slow)]);
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(10);
      expect(sent).toHaveLength(10);
      expect(new Set(sent).size).toBe(10);
      const [row] = await queryRows<{ unsent: number }>(db, sql`select count(*)::int as unsent from outbox where sent_at is null`);
      expect(row!.unsent).toBe(0);
    });

    it('account mails are delivered like order mails; a sent reset mail keeps no working link', async () => {
      const { db } = ctx();
      const resetUrl = 'https://kiemkracht.nl/wachtwoord-herstellen?token=geheim-token';
      await enqueueMail(db, { template: 'password_reset', to: 'sanne@example.nl', data: { name: 'Sanne', resetUrl, validMinutes: 60 } });
      await enqueueMail(db, {
        template: 'signup_attempt',
        to: 'jan@example.nl',
        data: { name: 'Jan', loginUrl: 'https://kiemkracht.nl/inloggen', forgotUrl: 'https://kiemkracht.nl/wachtwoord-vergeten' },
      });
      const sent: { to: string; subject: string; text: string }[] = [];
      expect(await deliverOutbox(db, { send: async (m) => void sent.push(m) })).toEqual({ sent: 2, failed: 0 });
      expect(sent.map((m) => m.subject)).toEqual([
        'Stel een nieuw wachtwoord in voor je Kiemkracht-account',
        'Er is geprobeerd een account aan te maken met je e-mailadres',
      ]);
      expect(sent[0]!.text).toContain(resetUrl);

      const rows = await db.select().from(s.outbox).orderBy(s.outbox.id);
      expect(JSON.stringify(rows[0]!.payload)).not.toContain('geheim-token');
      expect(rows[0]!.payload).toMatchObject({ template: 'password_reset', data: { resetUrl: 'https://kiemkracht.nl/wachtwoord-herstellen' } });
      expect(rows[1]!.payload).toMatchObject({ template: 'signup_attempt', data: { loginUrl: 'https://kiemkracht.nl/inloggen' } });
    });

    it('the worker delivers on kick and stops cleanly', async () => {
      const { db } = ctx();
      const sent: string[] = [];
      const transport: MailTransport = { send: async (m) => void sent.push(m.to) };
      const errors: object[] = [];
      const worker = startMailWorker(db, transport, { error: (o) => errors.push(o) }, 60_000);
      try {
        await enqueueMail(db, orderMail(7));
        worker.kick();
        await expect.poll(() => sent).toEqual(['klant7@example.nl']);
      } finally {
        await worker.stop();
      }
      expect(errors).toEqual([]);
      const [row] = await db.select().from(s.outbox).where(eq(s.outbox.kind, 'mail'));
      expect(row!.sentAt).not.toBeNull();
    });
  },
  { seed: false },
);

it('dev outbox transport writes .eml files that can be listed and read', async () => {
  const dir = path.join(tmp, 'outbox');
  const transport = createMailTransport({ outboxDir: dir });
  await transport.send({ to: 'a@example.nl', from: MAIL_FROM, subject: 'Eerste mail', text: 'Hallo', html: '<p>Hallo</p>' });
  // The file name starts with the time in milliseconds: the second mail is written once the clock has moved on.
  const first = Date.now();
  await vi.waitUntil(() => Date.now() > first, { interval: 1 });
  await transport.send({ to: 'b@example.nl', from: MAIL_FROM, subject: 'Tweede mail – één', text: 'Hoi', html: '<p>Hoi</p>' });

  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.eml'));
  expect(files).toHaveLength(2);
  // They hold sign-in and reset links: only the shop's user may read them.
  expect((await fs.stat(path.join(dir, files[0]!))).mode & 0o777).toBe(0o600);
  const list = await listDevOutbox(dir);
  expect(list.map((m) => m.subject)).toEqual(['Tweede mail – één', 'Eerste mail']);
  expect(list[0]!.to).toBe('b@example.nl');
  expect(list[0]!.date).toBeInstanceOf(Date);
  expect(list[0]!.file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.eml$/);

  const raw = await readDevMail(dir, list[1]!.file);
  expect(raw).toContain('Subject: Eerste mail');
  expect(raw).toContain('Hallo');

  expect(await readDevMail(dir, '../x')).toBeNull();
  expect(await readDevMail(dir, '../x.eml')).toBeNull();
  expect(await readDevMail(dir, '/etc/passwd')).toBeNull();
  expect(await readDevMail(dir, 'missing.eml')).toBeNull();
  expect(await listDevOutbox(path.join(tmp, 'does-not-exist'))).toEqual([]);
});

it('dev outbox transport makes its folder (owner only) on the first mail and again when it was removed', async () => {
  const dir = path.join(tmp, 'outbox-made', 'mails');
  const transport = createMailTransport({ outboxDir: dir });
  const mail = { to: 'a@example.nl', from: MAIL_FROM, subject: 'Map', text: 'Hallo', html: '<p>Hallo</p>' };
  await transport.send(mail);
  expect((await fs.stat(dir)).mode & 0o777).toBe(0o700);
  await fs.rm(dir, { recursive: true });
  await transport.send(mail);
  expect((await fs.readdir(dir)).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
});
