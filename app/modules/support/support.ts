import type { ContactTopic } from '~/db/schema/support.ts';

/** The subjects of the contact form, in the order the form lists them (the same list as the database's). */
export const CONTACT_TOPICS = ['order', 'payment', 'product', 'returns', 'account', 'partnership', 'other'] as const satisfies readonly ContactTopic[];

export const NAME_MAX = 100;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 5000;
/** The `intent` of the chat panel's hand-off form: it fills the contact form with the conversation (ADR 065). */
export const CHAT_HANDOFF = 'chat-handoff';
/** The hidden honeypot field: people never see it, form-filling bots do. */
export const HONEYPOT_FIELD = 'website';

/** True when the honeypot field came back filled in: a bot, answered like a person and otherwise ignored. */
export function isBot(formData: FormData): boolean {
  const v = formData.get(HONEYPOT_FIELD);
  return typeof v === 'string' && v.trim() !== '';
}

/** ?onderwerp= on links to the page (e.g. from a return policy) preselects a subject. */
export const topicSlugs: Record<string, (typeof CONTACT_TOPICS)[number]> = {
  bestelling: 'order',
  betaling: 'payment',
  product: 'product',
  retour: 'returns',
  account: 'account',
  samenwerking: 'partnership',
  overig: 'other',
};
