// Kiempunten's bounds (ADR 075), shared by the rules, the forms and the form components without pulling either in.
export const LIMITS = { pointsPerEuro: 100, pointsPerEuroOff: 10_000, reviewPoints: 10_000, bonusPct: 300, spendMinor: 100_000_000, name: 40 } as const;
/** The lowest values, beside LIMITS' highest; a tier's threshold is whole euros (the first tier starts at 0). */
export const MINIMA = { pointsPerEuro: 0, pointsPerEuroOff: 1, reviewPoints: 0, bonusPct: 0, fromEuro: 1 } as const;
export const TIER_COUNT = 3;
export const POINTS_REASON_MAX = 200;
