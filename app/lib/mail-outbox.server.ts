// The mail outbox's two entry points for every module: queue a mail in the caller's transaction, then
// wake the worker (app/modules/mail/mail.server.ts renders and sends).
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import type { Mail } from '~/modules/mail/mail.ts';

/** Queues a mail; pass the caller's transaction so the mail exists only if the change commits. */
export async function enqueueMail(tx: Db, mail: Mail): Promise<void> {
  await tx.insert(s.outbox).values({ kind: 'mail', payload: mail as unknown as Record<string, unknown> });
}

// The server (tsx) and the React Router build load separate copies of this module; the worker's
// kick lives on globalThis so app code in the build can reach the worker started by the server.
const KICK = Symbol.for('kiemkracht.mail-kick');
const g = globalThis as unknown as Record<symbol, (() => void) | undefined>;

export function setMailKick(fn: (() => void) | undefined) {
  g[KICK] = fn;
}

/** Asks the mail worker (if this process runs one) to deliver soon; call after the queuing transaction commits. */
export function kickMail() {
  g[KICK]?.();
}
