// The claim texts an order page shows (its claims panel), apart from the claim form's and staff's: the order page's
// first-load JavaScript carries only these.
export const claimsPanel = {
  states: { submitted: 'Ingediend', approved: 'Goedgekeurd', rejected: 'Afgewezen' } as Record<string, string>,
  outcomes: { credit: 'tegoed', replacement: 'vervangende bestelling' } as Record<string, string>,
  panel: {
    title: 'Kiemgarantie',
    none: 'Zijn zaden niet opgekomen? Meld het via de kiemgarantie.',
    open: 'Kiemgarantie aanvragen',
    view: 'Bekijk je meldingen',
    submittedOn: (date: string) => `Ingediend op ${date}`,
    failed: (failed: number, sown: number) => `${failed} van ${sown} zaden niet opgekomen`,
    approvedReplacement: (number: string) => `Goedgekeurd: we sturen je kosteloos nieuwe zaden (bestelling ${number}).`,
    approvedCredit: (amount: string) => `Goedgekeurd: ${amount} tegoed op je account.`,
    rejected: 'Afgewezen',
    reason: 'Reden:',
    waiting: 'We bekijken je melding en mailen je de uitkomst.',
  },
};
