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
    worth: (value: string) => `Waard ${value} korting bij een volgende bestelling.`,
    view: 'Bekijk je punten',
  },
};
