// Mail delivery through the transactional outbox: callers queue a mail in their own transaction,
// a worker renders and sends it later (SMTP when SMTP_URL is set, otherwise .eml files on disk).
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, count, eq, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { reportDbError } from '~/lib/db-outage.ts';
import { type DevMailEntry, renderMail } from './mail-templates.ts';
import { type Mail, redactMail, replyToOf } from './mail.ts';

export type { DevMailEntry };

export const MAIL_FROM = 'Kiemkracht <bestellingen@kiemkracht.nl>';
/** After this many failures a mail is left alone (visible in the outbox table for staff). */
export const MAX_ATTEMPTS = 10;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;

export type MailMessage = { to: string; from: string; replyTo?: string; subject: string; text: string; html: string; headers?: Record<string, string> };
export type MailTransport = { send(message: MailMessage): Promise<void> };

export function createMailTransport(opts: { smtpUrl?: string; outboxDir: string }): MailTransport {
  if (opts.smtpUrl) {
    // Bounded timeouts: a send runs inside the transaction that claimed the row. The URL's own settings win.
    const smtp = nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    return {
      async send(message) {
        await smtp.sendMail(message);
      },
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await stream.sendMail(message);
      // The timestamp prefix makes file names sort by time; ':' is not allowed in Windows file names.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(opts.outboxDir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
      const write = () => fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The folder is made when a write finds it missing (the first mail, or removed since), not before every mail.
      await write().catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
        // Mails carry sign-in and reset links: readable by the shop's user only.
        await fs.mkdir(opts.outboxDir, { recursive: true, mode: 0o700 });
        await write();
      });
    },
  };
}

function backoffMs(attempts: number) {
  return Math.min(BACKOFF_BASE_MS * 2 ** attempts, BACKOFF_MAX_MS);
}

/**
 * Sends due mails, one row per transaction: the row is claimed with FOR UPDATE SKIP LOCKED (so
 * several processes on one PostgreSQL never take the same mail) and marked sent or failed in that
 * same transaction. A crash between send and commit can repeat at most that one mail.
 */
export async function deliverOutbox(
  db: Db,
  transport: MailTransport,
  opts: { limit?: number; now?: Date; onError?: (id: number, err: unknown) => void; onGiveUp?: (id: number, err: unknown) => void } = {},
): Promise<{ sent: number; failed: number }> {
  const limit = opts.limit ?? 20;
  let sent = 0;
  let failed = 0;
  while (sent + failed < limit) {
    const now = opts.now ?? new Date();
    // Due by the database's clock unless told otherwise: its now() has microseconds, a Date only
    // milliseconds, so a mail queued this very millisecond would otherwise wait for the next round.
    let more = false;
    const outcome = await db.transaction(async (tx) => {
      // Two rows claimed, one sent: whether a second was due saves asking the empty queue once more.
      const [row, next] = await tx
        .select()
        .from(s.outbox)
        .where(and(eq(s.outbox.kind, 'mail'), isNull(s.outbox.sentAt), lte(s.outbox.availableAt, opts.now ?? sql`now()`), lt(s.outbox.attempts, MAX_ATTEMPTS)))
        .orderBy(asc(s.outbox.id))
        .limit(2)
        .for('update', { skipLocked: true });
      more = next !== undefined;
      if (!row) return 'empty' as const;
      const mail = row.payload as unknown as Mail;
      try {
        const rendered = renderMail(mail);
        const replyTo = replyToOf(mail);
        await transport.send({ to: mail.to, from: MAIL_FROM, ...(replyTo ? { replyTo } : {}), ...rendered });
      } catch (err) {
        opts.onError?.(row.id, err);
        const attempts = row.attempts + 1;
        const givenUp = attempts >= MAX_ATTEMPTS;
        if (givenUp) opts.onGiveUp?.(row.id, err);
        await tx
          .update(s.outbox)
          .set({
            attempts,
            lastError: String(err instanceof Error ? err.message : err).slice(0, 1000),
            availableAt: new Date(now.getTime() + backoffMs(row.attempts)),
            failedAt: givenUp ? now : null,
          })
          .where(eq(s.outbox.id, row.id));
        return 'failed' as const;
      }
      // A sent mail keeps no working link: the table must not become a store of reset tokens.
      const payload = redactMail(mail) as unknown as Record<string, unknown>;
      await tx.update(s.outbox).set({ sentAt: now, lastError: null, payload }).where(eq(s.outbox.id, row.id));
      return 'sent' as const;
    });
    if (outcome === 'empty') break;
    if (outcome === 'sent') sent++;
    else failed++;
    if (!more) break;
  }
  return { sent, failed };
}

export type FailedMail = { id: number; to: string; template: string; attempts: number; lastError: string | null; failedAt: Date };

/** Mails that used every attempt and wait for staff. */
export async function failedMails(db: Db): Promise<FailedMail[]> {
  const rows = await db
    .select()
    .from(s.outbox)
    .where(and(eq(s.outbox.kind, 'mail'), isNull(s.outbox.sentAt), isNotNull(s.outbox.failedAt)))
    .orderBy(asc(s.outbox.id));
  return rows.map((r) => {
    const mail = r.payload as unknown as Mail;
    return { id: r.id, to: mail.to, template: mail.template, attempts: r.attempts, lastError: r.lastError, failedAt: r.failedAt! };
  });
}

export async function countFailedMails(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(s.outbox)
    .where(and(eq(s.outbox.kind, 'mail'), isNull(s.outbox.sentAt), isNotNull(s.outbox.failedAt)));
  return Number(row?.n ?? 0);
}

/** Gives failed mails (one id, or all when none is given) a fresh set of attempts, due now. Returns how many. */
export async function retryFailedMails(db: Db, id?: number): Promise<number> {
  const rows = await db
    .update(s.outbox)
    .set({ attempts: 0, failedAt: null, availableAt: new Date() })
    .where(and(eq(s.outbox.kind, 'mail'), isNull(s.outbox.sentAt), isNotNull(s.outbox.failedAt), id === undefined ? undefined : eq(s.outbox.id, id)))
    .returning({ id: s.outbox.id });
  return rows.length;
}

/** Polls the outbox; runs never overlap. kick() asks for a run soon, stop() waits for the running one. */
export function startMailWorker(
  db: Db,
  transport: MailTransport,
  logger: { error: (o: object, msg: string) => void },
  intervalMs = 1000,
): { stop(): Promise<void>; kick(): void } {
  const batch = 20;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = () => {
    timer = null;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        const result = await deliverOutbox(db, transport, {
          limit: batch,
          onError: (id, err) => logger.error({ err, outboxId: id }, 'mail delivery failed'),
          onGiveUp: (id, err) => logger.error({ err, outboxId: id, attempts: MAX_ATTEMPTS }, 'mail given up: waits for `npm run mail -- retry`'),
        });
        // A full batch means more mail may be waiting.
        if (result.sent + result.failed >= batch) again = true;
      } catch (err) {
        // A database outage is logged once by db-outage; the mail waits in the outbox meanwhile.
        if (!reportDbError(err)) logger.error({ err }, 'mail worker failed');
      } finally {
        running = null;
      }
      const next = again ? 0 : intervalMs;
      again = false;
      schedule(next);
    })();
  };
  schedule(0);

  return {
    kick() {
      if (stopped) return;
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

// ---- dev outbox: the .eml files written when no SMTP_URL is set ----

const EML_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*\.eml$/;

export async function listDevOutbox(outboxDir: string): Promise<DevMailEntry[]> {
  let names: string[];
  try {
    names = await fs.readdir(outboxDir);
  } catch {
    return [];
  }
  const files = names.filter((n) => EML_NAME.test(n)).sort().reverse();
  return Promise.all(
    files.map(async (file) => {
      const full = path.join(outboxDir, file);
      const [raw, stat] = await Promise.all([fs.readFile(full, 'utf8'), fs.stat(full)]);
      const headers = parseHeaders(raw);
      const date = headers.date ? new Date(headers.date) : stat.mtime;
      return {
        file,
        subject: decodeWords(headers.subject ?? ''),
        to: decodeWords(headers.to ?? ''),
        date: Number.isNaN(date.getTime()) ? stat.mtime : date,
      };
    }),
  );
}

/** The raw message, or null when the name is not a plain .eml file name in the outbox (no path traversal). */
export async function readDevMail(outboxDir: string, file: string): Promise<string | null> {
  if (!EML_NAME.test(file) || path.basename(file) !== file) return null;
  try {
    return await fs.readFile(path.join(outboxDir, file), 'utf8');
  } catch {
    return null;
  }
}

function parseHeaders(raw: string): Record<string, string> {
  const end = raw.search(/\r?\n\r?\n/);
  const head = (end === -1 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, ' '); // unfold
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] ??= line.slice(colon + 1).trim();
  }
  return headers;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) => {
      if (enc.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    });
}
