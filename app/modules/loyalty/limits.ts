// Kiempunten's bounds (ADR 075), shared by the rules, the forms and the form components without pulling either in.
export const LIMITS = { pointsPerEuro: 100, pointsPerEuroOff: 10_000, reviewPoints: 10_000, bonusPct: 300, spendMinor: 100_000_000, name: 40 } as const;
export const TIER_COUNT = 3;
export const POINTS_REASON_MAX = 200;
