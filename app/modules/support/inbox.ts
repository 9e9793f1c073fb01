// What the contact messages inbox (/beheer/berichten) and its server module share.
import type { ContactStatus } from '~/db/schema/support.ts';

export const inboxViews = ['nieuw', 'beantwoord', 'gesloten'] as const;
export type InboxView = (typeof inboxViews)[number];
export const VIEW_STATUS: Record<InboxView, ContactStatus> = { nieuw: 'new', beantwoord: 'answered', gesloten: 'closed' };
export const INBOX_PAGE_SIZE = 20;
export const INBOX_REPLY_MAX = 5000;
export const isInboxView = (v: string | null): v is InboxView => !!v && (inboxViews as readonly string[]).includes(v);
