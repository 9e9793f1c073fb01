// The test payment page's texts (PAYMENTS_SANDBOX), apart from the checkout's: a page that shows checkout texts
// does not carry these in its JavaScript.
export const sandbox = {
  title: 'Testbetaling | Kiemkracht',
  banner: 'Testbetaalomgeving — er wordt geen echt geld afgeschreven',
  heading: 'Betaling afronden',
  merchant: 'Ontvanger',
  order: 'Bestelling',
  amount: 'Bedrag',
  pay: 'Betalen',
  fail: 'Betaling mislukt',
  cancel: 'Annuleren',
  expire: 'Laten verlopen',
  processing: 'Nog in behandeling',
  otherOutcomes: 'Andere uitkomst testen',
  back: 'Terug naar je bestelling',
  finished: 'Deze betaling is al afgerond. Je kunt dit venster sluiten.',
} as const;
