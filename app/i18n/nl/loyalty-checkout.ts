// The checkout's "Kiempunten inzetten" (ADR 075): only the checkout page loads these.
export const loyaltyCheckout = {
  legend: 'Kiempunten',
  /** The summary's line: taken off after the coupon, before the credit. */
  line: 'Betaald met Kiempunten',
  rule: 'Na de kortingscode betalen je punten de rest, ook de verzending; daarna je tegoed. Over wat je met punten of tegoed betaalt, spaar je geen punten.',
};
