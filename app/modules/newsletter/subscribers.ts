// The subscriber list's statuses and page size, for the page (browser) and the server alike.
export const SUBSCRIBER_PAGE_SIZE = 50;
/** The same values as newsletter_subscribers.status (schema/newsletter.ts). */
export const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];
export const isSubscriberStatus = (v: unknown): v is SubscriberStatus => typeof v === 'string' && (subscriberStatuses as readonly string[]).includes(v);
