// The store-credit texts the account overview and the checkout show, apart from the ledger's and staff's: those
// pages' first-load JavaScript carries only these (ADR 073).
export const creditShop = {
  none: 'Je hebt geen tegoed.',
  balanceHeading: 'Je tegoed',
  viewLedger: 'Bekijk wat er met je tegoed gebeurde',
  checkout: {
    legend: 'Tegoed',
    use: (available: string) => `Tegoed gebruiken (${available} beschikbaar)`,
    rule: 'Eerst gaat de kortingscode eraf, daarna betaal je de rest (verzending inbegrepen) met je tegoed. Wat je tegoed niet dekt, betaal je met de gekozen betaalwijze.',
    line: 'Betaald met tegoed',
    due: 'Nog te betalen',
    covered: 'Je tegoed dekt de hele bestelling: je hoeft niets meer te betalen.',
  },
};
