// Database outages: a lost or refused PostgreSQL connection is an incident, not a crash.
// The first connection error opens an incident (logged once), a probe pings until the database answers,
// and meanwhile requests that need the database get a Dutch 503 page with Retry-After.
import { nl } from '../i18n/nl.ts';
import { plainPage } from './plain-page.ts';

export const RETRY_AFTER_SECONDS = 10;

type Log = (event: 'db_unreachable' | 'db_recovered' | 'db_storage_full', fields: Record<string, unknown>) => void;
type State = { since: number | null; probe: (() => Promise<unknown>) | null; timer: NodeJS.Timeout | null; log: Log };

// The server (run by tsx) and the React Router build each load this module: share one state.
const KEY = Symbol.for('kiemkracht.db-outage');
const g = globalThis as unknown as Record<symbol, State | undefined>;
const state = (g[KEY] ??= {
  since: null,
  probe: null,
  timer: null,
  log: (event, fields) => console.warn(JSON.stringify({ event, ...fields })),
});

// Node socket errors, pg's own connection messages, and SQLSTATE classes 08 (connection exception)
// and 57P0x (server shutting down / starting up).
const CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', '57P01', '57P02', '57P03']);
const MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|the database system is (starting up|shutting down)/i;

/** Whether `err` (or an error it wraps, as Drizzle does) means the database cannot be reached. */
export function isConnectionError(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CODES.has(code) || code.startsWith('08'))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
  }
  return false;
}

export const inOutage = () => state.since !== null;

/**
 * A full disk or a read-only data folder (SQLSTATE 53100 disk_full, or the file system's own error): the
 * database stays consistent and readable, but this write cannot happen. Answered with the 503 page.
 */
export function isStorageError(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '53100' || code === 'ENOSPC' || code === 'EROFS' || code === 'EDQUOT') return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /No space left on device|Read-only file system|Disk quota exceeded/i.test(message)) return true;
  }
  return false;
}
let lastStorageLog = 0;

/**
 * Called with every database error; returns true when it was an outage (connection or storage), which the
 * caller answers with the 503 page. Storage errors are logged at most once a minute and open no incident:
 * reads still work, and the next write may succeed once space is freed.
 */
export function reportDbError(err: unknown): boolean {
  if (isStorageError(err)) {
    if (Date.now() - lastStorageLog > 60_000) {
      lastStorageLog = Date.now();
      const e = err as { message?: string };
      state.log('db_storage_full', { message: e.message });
    }
    return true;
  }
  if (!isConnectionError(err)) return false;
  if (state.since === null) {
    state.since = Date.now();
    const e = err as { code?: string; message?: string };
    state.log('db_unreachable', { code: e.code, message: e.message });
    startProbing();
  }
  return true;
}

export function reportDbOk() {
  if (state.since === null) return;
  state.log('db_recovered', { downMs: Date.now() - state.since });
  state.since = null;
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
}

/** `probe` pings the database; `log` writes incidents to the server's log. */
export function configureOutage(opts: { probe?: () => Promise<unknown>; log?: Log }) {
  if (opts.probe) state.probe = opts.probe;
  if (opts.log) state.log = opts.log;
}

function startProbing() {
  const probe = state.probe;
  if (!probe || state.timer) return;
  const tick = () => {
    state.timer = null;
    if (state.since === null) return;
    probe().then(
      () => reportDbOk(),
      () => {
        if (state.since !== null) state.timer = setTimeout(tick, 1000).unref();
      },
    );
  };
  state.timer = setTimeout(tick, 500).unref();
}

/** The whole 503 document: no database, no scripts (see plain-page.ts). */
export const outagePage = () => plainPage({ title: nl.outage.title, heading: nl.outage.heading, text: nl.outage.text, action: nl.outage.retry });

export const outageHeaders = () => ({
  'Content-Type': 'text/html; charset=utf-8',
  'Retry-After': String(RETRY_AFTER_SECONDS),
  'Cache-Control': 'no-store',
});
