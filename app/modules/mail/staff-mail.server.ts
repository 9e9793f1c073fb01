import type { Db } from '~/db/client.server.ts';
import { staffMail as t } from '~/i18n/nl/mail.ts';
import { failedMails, retryFailedMails } from './mail.server.ts';
import { kickMail } from '~/lib/mail-outbox.server.ts';

export type StaffMailAction = { action: 'failed' | 'retry'; id?: number };

/** `npm run mail -- failed | retry [id]`: what staff do with mail that used every attempt. */
export async function staffMailAction(db: Db, a: StaffMailAction): Promise<{ ok: boolean; message: string }> {
  if (a.action === 'failed') {
    const mails = await failedMails(db);
    if (mails.length === 0) return { ok: true, message: t.noneFailed };
    const lines = mails.map((m) => `#${m.id}  ${m.failedAt.toISOString()}  ${m.template}  ${m.to}  (${m.attempts}×: ${m.lastError ?? '—'})`);
    return { ok: true, message: [t.failedHeading(mails.length), ...lines].join('\n') };
  }
  const n = await retryFailedMails(db, a.id);
  // In the shop's own process the worker sends them at once; from the CLI the running shop picks them up.
  if (n > 0) kickMail();
  return { ok: n > 0 || a.id === undefined, message: n > 0 ? t.retried(n) : a.id === undefined ? t.noneFailed : t.notFound(a.id) };
}
