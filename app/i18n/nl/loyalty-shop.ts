// Kiempunten's texts the account overview and the checkout show (ADR 075); the ledger's and staff's are in
// loyalty.ts, so those pages' first-load JavaScript carries only these.
export const loyaltyShop = {
  name: 'Kiempunten',
  points: (n: number) => `${n.toLocaleString('nl-NL')} ${n === 1 ? 'punt' : 'punten'}`,
  card: {
    heading: 'Je Kiempunten',
    tier: (name: string, pct: string) => `Niveau ${name}: ${pct}% terug in punten`,
    toNext: (amount: string, name: string) => `Nog ${amount} besteden in 12 maanden voor ${name}.`,
    top: 'Je zit op het hoogste niveau.',
    worth: (value: string) => `Waard ${value} korting bij je volgende bestelling.`,
    view: 'Bekijk je punten',
  },
  checkout: {
    legend: 'Kiempunten',
    use: (points: string, value: string) => `Kiempunten inzetten (${points}, waard ${value})`,
    rule: 'Eerst gaat de kortingscode eraf, dan betalen je punten de rest (verzending inbegrepen), daarna je tegoed. Op het deel dat je met punten of tegoed betaalt, spaar je geen punten.',
  },
  line: 'Betaald met Kiempunten',
};
