import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOYALTY } from '~/modules/loyalty/loyalty.ts';
import BackofficeLoyaltySettings from './loyalty-settings.tsx';

// Other bounds than the real ones: the form's min and max must follow the one definition, not repeat its numbers.
vi.mock('~/modules/loyalty/limits.ts', () => ({
  LIMITS: { pointsPerEuro: 7, pointsPerEuroOff: 77, reviewPoints: 777, bonusPct: 33, spendMinor: 500_000, name: 12 },
  MINIMA: { pointsPerEuro: 2, pointsPerEuroOff: 3, reviewPoints: 4, bonusPct: 5, fromEuro: 6 },
  TIER_COUNT: 3,
  POINTS_REASON_MAX: 200,
}));

function html() {
  const Stub = createRoutesStub([{ id: 'settings', path: '/beheer/kiempunten', Component: BackofficeLoyaltySettings as never }]);
  const loaderData = { settings: DEFAULT_LOYALTY, percents: [1, 1.25, 1.5], saved: false };
  return renderToString(<Stub initialEntries={['/beheer/kiempunten']} hydrationData={{ loaderData: { settings: loaderData } }} />);
}

/** The attributes of the input named `name`. */
function input(markup: string, name: string) {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(markup)?.[0] ?? '';
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!]));
}

describe('the owner’s Kiempunten form', () => {
  it('takes its bounds from the loyalty module’s LIMITS and MINIMA', () => {
    const markup = html();
    expect(input(markup, 'pointsPerEuro')).toMatchObject({ min: '2', max: '7' });
    expect(input(markup, 'pointsPerEuroOff')).toMatchObject({ min: '3', max: '77' });
    expect(input(markup, 'reviewPoints')).toMatchObject({ min: '4', max: '777' });
    for (const i of [0, 1, 2]) {
      expect(input(markup, `tier${i}Name`)).toMatchObject({ maxlength: '12' });
      expect(input(markup, `tier${i}Bonus`)).toMatchObject({ min: '5', max: '33' });
    }
    for (const i of [1, 2]) expect(input(markup, `tier${i}From`)).toMatchObject({ min: '6', max: '5000' });
  });
});
