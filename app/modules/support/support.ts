import type { ContactTopic } from '~/db/schema/support.ts';

/** The subjects of the contact form, in the order the form lists them (the same list as the database's). */
export const CONTACT_TOPICS = ['order', 'payment', 'product', 'returns', 'account', 'partnership', 'other'] as const satisfies readonly ContactTopic[];
