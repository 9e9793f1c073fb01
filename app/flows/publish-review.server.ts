// Staff publish or hide a review (reviews module); publishing gives a logged-in author their Kiempunten for it in
// the same transaction, once per review (ADR 075).
import type { Db } from '~/db/client.server.ts';
import type { Actor } from '~/lib/audit.server.ts';
import { grantReviewPoints } from '~/modules/loyalty/loyalty.server.ts';
import { setReviewStatus } from '~/modules/reviews/reviews.server.ts';

export function moderateReviewStatus(db: Db, actor: Actor, reviewId: number, status: 'published' | 'hidden', reason: string | null, now = new Date()) {
  return setReviewStatus(db, reviewId, status, { actor, reason, onPublished: (tx, review) => grantReviewPoints(tx, review, now) }, now);
}
