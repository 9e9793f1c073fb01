// The store-credit texts the account overview and the checkout show, apart from the ledger's and staff's: those
// pages' first-load JavaScript carries only these (ADR 073).
export const creditShop = {
  none: 'Je hebt geen tegoed.',
  balanceHeading: 'Je tegoed',
  viewLedger: 'Bekijk wat er met je tegoed gebeurde',
  checkout: {
    legend: 'Tegoed',
    use: (available: string) => `Tegoed gebruiken (${available} beschikbaar)`,
    rule: 'Na de kortingscode (en je Kiempunten) betaal je de rest met je tegoed, ook de verzending. Wat het niet dekt, betaal je met de gekozen betaalwijze.',
    line: 'Betaald met tegoed',
    due: 'Nog te betalen',
    covered: 'Je tegoed dekt de hele bestelling: je hoeft niets meer te betalen.',
  },
};
