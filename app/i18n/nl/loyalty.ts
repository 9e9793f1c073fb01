// Kiempunten (ADR 075): the account's ledger page, the staff's form and the owner's settings.
import type { LoyaltyKind } from '~/lib/db-enums.ts';
import { loyaltyShop } from './loyalty-shop.ts';

export const loyalty = {
  /** The checkout's checkbox, made by its loader (the page's JavaScript carries no plural rule or number format for it). */
  checkoutUse: (points: number, value: string) => `Kiempunten inzetten (${points.toLocaleString('nl-NL')} ${points === 1 ? 'punt' : 'punten'}, waard ${value})`,
  ...loyaltyShop,
  title: 'Kiempunten',
  intro: 'Je spaart Kiempunten als je bestelling verzonden is en voor een goedgekeurde beoordeling. Bij het afrekenen zet je ze in als korting.',
  rules: (perEuro: number, perEuroOff: number, review: number) =>
    `${perEuro} ${perEuro === 1 ? 'punt' : 'punten'} per hele euro die je met geld betaalt (zonder verzending), plus de bonus van je niveau. ${perEuroOff} punten = € 1 korting. ${review} punten voor een goedgekeurde beoordeling. Wordt een bestelling (deels) terugbetaald of geannuleerd, dan gaan de punten ervan naar verhouding weer af.`,
  tiersHeading: 'Niveaus',
  tierLine: (name: string, from: string, pct: string) => `${name}: vanaf ${from} in 12 maanden, ${pct}% terug`,
  spend: (amount: string) => `Besteed in de afgelopen 12 maanden: ${amount}`,
  ledgerHeading: 'Wat er met je punten gebeurde',
  ledgerEmpty: 'Je hebt nog geen punten gespaard.',
  columns: { date: 'Datum', points: 'Punten', after: 'Saldo daarna' },
  kinds: {
    order: 'Gespaard met een bestelling',
    review: 'Voor je beoordeling',
    staff: 'Aanpassing door de winkel',
    checkout: 'Ingezet bij het afrekenen',
    cancellation: 'Terug na annulering',
    reversal: 'Afgeschreven na terugbetaling of annulering',
  } satisfies Record<LoyaltyKind, string>,
  /** The customer page's card, as staff read it (the customer's card says "Je zit op het hoogste niveau."). */
  staffCard: { top: 'Op het hoogste niveau.' },
  forOrder: (number: string) => `bestelling ${number}`,
  missed: (n: number) => `${n} punten waren al ingezet en konden niet meer af.`,
  adjust: {
    title: 'Kiempunten aanpassen',
    intro: 'Punten erbij (50) of eraf (-50), met een reden. De klant ziet de reden in het overzicht van de punten.',
    points: 'Punten (met - ervoor om af te halen)',
    reason: 'Reden',
    submit: 'Punten aanpassen',
    done: (delta: string, balance: string) => `Punten aangepast met ${delta}; het saldo is nu ${balance}.`,
    ledger: 'Laatste wijzigingen',
    errors: {
      points: 'Vul een heel aantal punten in, bijvoorbeeld 50 of -50 (niet 0).',
      reason: 'Vul een reden in: de klant ziet die in het overzicht van de punten.',
      reasonTooLong: (max: number) => `De reden mag hoogstens ${max} tekens zijn.`,
      insufficient: (balance: string) => `Zoveel punten zijn er niet: het saldo is ${balance}.`,
      changed: (balance: string) => `De punten zijn veranderd sinds je deze pagina opende; het saldo is nu ${balance}. Bekijk het overzicht en vul het opnieuw in.`,
    },
  },
  settings: {
    title: 'Kiempunten',
    intro: 'Hoeveel punten klanten sparen en wat ze waard zijn. Wijzigingen gelden voor bestellingen die hierna verzonden worden.',
    link: 'Regels Kiempunten',
    pointsPerEuro: 'Punten per hele euro',
    pointsPerEuroOff: 'Punten voor € 1 korting',
    reviewPoints: 'Punten voor een goedgekeurde beoordeling',
    tier: (n: number) => `Niveau ${n}`,
    tierName: 'Naam',
    tierFrom: 'Vanaf (euro besteed in 12 maanden)',
    tierBonus: 'Extra punten (%)',
    submit: 'Opslaan',
    saved: 'De regels van de Kiempunten zijn opgeslagen.',
    errors: {
      pointsPerEuro: 'Vul een heel getal van 0 tot 100 in.',
      pointsPerEuroOff: 'Vul een heel getal van 1 tot 10.000 in.',
      reviewPoints: 'Vul een heel getal van 0 tot 10.000 in.',
      tierName: 'Vul een naam in van hoogstens 40 tekens.',
      tierFrom: 'Vul een heel bedrag in euro in, hoger dan het niveau ervoor.',
      tierBonus: 'Vul een heel percentage van 0 tot 300 in.',
    },
  },
  errors: {
    changed: 'Je Kiempunten zijn veranderd sinds je deze pagina opende (misschien ingezet in een andere bestelling). Controleer het bedrag en bestel opnieuw.',
  },
};
