// The checkout's "Kiempunten inzetten" (ADR 075): only the checkout page loads these.
export const loyaltyCheckout = {
  legend: 'Kiempunten',
  /** The summary's line: taken off after the coupon, before the credit. */
  line: 'Betaald met Kiempunten',
  use: (points: number, value: string) => `Kiempunten inzetten (${points.toLocaleString('nl-NL')} ${points === 1 ? 'punt' : 'punten'}, waard ${value})`,
  rule: 'Eerst gaat de kortingscode eraf, dan betalen je punten de rest (verzending inbegrepen), daarna je tegoed. Op het deel dat je met punten of tegoed betaalt, spaar je geen punten.',
};
