// The account deletion page (ADR 010), apart from account.ts: every account page loads that file, only this page these.
export const accountDelete = {
  deleteTitle: 'Account verwijderen',
  deleteIntro:
    'Hiermee verwijder je je account definitief: je gegevens, adressen, verlanglijst, kweekprofiel en winkelwagen. Bestellingen bewaren we voor de boekhouding, maar zonder je naam, e-mailadres, telefoonnummer en adres.',
  deleteWarning: 'Dit kan niet ongedaan worden gemaakt.',
  passwordLabel: 'Je wachtwoord ter bevestiging',
  confirm: 'Ja, verwijder mijn account en mijn gegevens definitief',
  confirmRequired: 'Vink aan dat je je account definitief wilt verwijderen.',
  submit: 'Account definitief verwijderen',
  cancel: 'Annuleren',
  wrongPassword: 'Dit wachtwoord klopt niet.',
  openOrders: 'Je hebt nog een bestelling die onderweg is of op betaling wacht. Je kunt je account verwijderen zodra die is afgerond.',
  openClaims: 'We beoordelen nog een kiemgarantiemelding van je. Je kunt je account verwijderen zodra we die hebben afgehandeld.',
  creditForfeit: (amounts: string) => `Je hebt nog ${amounts} tegoed. Dat vervalt als je je account verwijdert; gebruik het eerst bij een bestelling als je dat wilt.`,
  deleted: 'Je account is verwijderd. Bedankt voor je vertrouwen in Kiemkracht.',
};
