// Texts of the cookie choice (ADR 020).
export const consent = {
  title: 'Cookies op Kiemkracht',
  text: 'Noodzakelijke cookies bewaren je winkelwagen, regio en inlog. Met jouw toestemming meten we ook het gebruik van de winkel en tonen we aanbiedingen die bij je passen. Wijzigen kan altijd via "Cookie-instellingen" onderaan de pagina.',
  acceptAll: 'Alles accepteren',
  necessaryOnly: 'Alleen noodzakelijk',
  customise: 'Zelf kiezen',
  save: 'Keuze opslaan',
  necessary: 'Noodzakelijk',
  necessaryText: 'Winkelwagen, regio, leeftijdsbevestiging en inloggen. Altijd aan.',
  statistics: 'Statistiek',
  statisticsText: 'Anoniem meten welke pagina’s bezocht worden, zodat we de winkel kunnen verbeteren.',
  marketing: 'Marketing',
  marketingText: 'Aanbiedingen en e-mailacties die bij jouw interesses passen, en onthouden via welke partnerlink je bij ons kwam (90 dagen).',
  privacy: 'Lees ons privacybeleid',
  footerLink: 'Cookie-instellingen',
  saved: 'Je cookiekeuze is opgeslagen',
  invalid: 'Kies een van de knoppen om je keuze op te slaan.',
};
