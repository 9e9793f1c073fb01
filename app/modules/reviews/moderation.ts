// What the review moderation page and its server module share.
export const moderationViews = ['nieuw', 'gepubliceerd', 'verborgen'] as const;
export type ModerationView = (typeof moderationViews)[number];
export const MODERATION_PAGE_SIZE = 20;
export const REPLY_MAX = 2000;
export const REASON_MAX = 300;
export const isModerationView = (v: string | null): v is ModerationView => !!v && (moderationViews as readonly string[]).includes(v);
