import { Star } from 'lucide-react';
import { reviews as t } from '~/i18n/nl/reviews.ts';

const STARS = [1, 2, 3, 4, 5];

/**
 * Five stars filled up to `rating` (fractions for averages: 4,3 fills 86 %). The stars are decoration;
 * the text "4,3 van 5 sterren" is there for screen readers (role="img" with a label).
 */
export function Stars({ rating, size = 'md', className = '' }: { rating: number; size?: 'sm' | 'md' | 'lg'; className?: string }) {
  const box = size === 'lg' ? 'h-6 w-6' : size === 'sm' ? 'h-3.5 w-3.5' : 'h-4 w-4';
  const row = (filled: boolean) => (
    <span className="flex gap-0.5" aria-hidden>
      {STARS.map((n) => (
        <Star key={n} className={`${box} shrink-0 ${filled ? 'fill-amber-400 text-amber-400' : 'fill-slate-200 text-slate-200'}`} strokeWidth={1.5} />
      ))}
    </span>
  );
  return (
    <span role="img" aria-label={t.starsLabel(rating)} className={`relative inline-flex ${className}`}>
      {row(false)}
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${(Math.max(0, Math.min(5, rating)) / 5) * 100}%` }}>
        {row(true)}
      </span>
    </span>
  );
}
