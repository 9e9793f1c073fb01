// Store credit (tegoed, ADR 073): the account's balance and ledger, the checkout's choice, the staff form.
import { formatMoney } from '~/lib/money.ts';
import type { CreditKind } from '~/lib/db-enums.ts';
import { creditShop } from './credit-shop.ts';

export const credit = {
  ...creditShop,
  title: 'Tegoed',
  intro: 'Tegoed is geld dat je bij ons hebt staan, bijvoorbeeld van een terugbetaling of een kiemclaim. Je gebruikt het bij het afrekenen, in dezelfde valuta.',
  balanceIn: (minor: number, currency: string) => formatMoney(minor, currency),
  ledgerHeading: 'Wat er met je tegoed gebeurde',
  ledgerEmpty: 'Er is nog niets met je tegoed gebeurd.',
  columns: { date: 'Datum', what: 'Wat', amount: 'Bedrag', after: 'Tegoed daarna' },
  kinds: {
    refund: 'Terugbetaling als tegoed',
    claim: 'Tegoed van een kiemclaim',
    staff: 'Aanpassing door de winkel',
    checkout: 'Betaald met tegoed',
    cancellation: 'Terug na annulering',
  } satisfies Record<CreditKind, string>,
  forOrder: (number: string) => `bestelling ${number}`,
  // The staff's form on the customer page.
  adjust: {
    title: 'Tegoed aanpassen',
    intro: 'Een bedrag erbij (10,00) of eraf (-5,00), met een reden. De klant ziet de reden in het overzicht van het tegoed.',
    amount: 'Bedrag (met - ervoor om af te halen)',
    currency: 'Valuta',
    reason: 'Reden',
    submit: 'Tegoed aanpassen',
    done: (amount: string, balance: string) => `Tegoed aangepast met ${amount}; het tegoed is nu ${balance}.`,
    balances: 'Tegoed',
    none: 'Geen tegoed.',
    ledger: 'Laatste wijzigingen',
    errors: {
      amount: 'Vul een bedrag in, bijvoorbeeld 10,00 of -5,00 (niet 0).',
      currency: 'Kies een valuta.',
      reason: 'Vul een reden in: de klant ziet die in het overzicht van het tegoed.',
      reasonTooLong: (max: number) => `De reden mag hoogstens ${max} tekens zijn.`,
      insufficient: (balance: string) => `Zoveel tegoed is er niet: het tegoed is ${balance}.`,
      changed: (balance: string) => `Het tegoed is veranderd sinds je deze pagina opende; het is nu ${balance}. Bekijk het overzicht hieronder en vul het bedrag opnieuw in.`,
    },
  },
  errors: {
    insufficient: 'Je tegoed is veranderd sinds je deze pagina opende (misschien gebruikt in een andere bestelling). Controleer het bedrag en bestel opnieuw.',
    noAccount: 'Tegoed kan alleen naar een klant met een account.',
  },
};
