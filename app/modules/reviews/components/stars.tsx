import type { CSSProperties } from 'react';
import { reviews as t } from '~/i18n/nl/reviews.ts';

const SIZE = { sm: '0.875rem', md: '1rem', lg: '1.5rem' } as const;

/**
 * Five stars filled up to `rating` (fractions for averages: 4,3 fills 86 %), drawn by one element (the
 * `stars` utility in app.css). The stars are decoration; "4,3 van 5 sterren" is the accessible name.
 */
export function Stars({ rating, size = 'md', className = '' }: { rating: number; size?: keyof typeof SIZE; className?: string }) {
  const fill = `${(Math.max(0, Math.min(5, rating)) / 5) * 100}%`;
  return <span role="img" aria-label={t.starsLabel(rating)} className={`stars ${className}`} style={{ '--fill': fill, '--star-size': SIZE[size] } as CSSProperties} />;
}
