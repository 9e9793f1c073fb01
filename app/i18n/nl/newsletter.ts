// Texts of the newsletter (ADR 018). Changing what the visitor agrees to means a new TEXT_VERSION.
export const newsletter = {
  /** Stored with every sign-up as proof of what was agreed to. */
  textVersion: 'nb-2026-11-v1',
  title: 'Schrijf je in voor de nieuwsbrief',
  lead: 'Nieuwe soorten, acties en kweekweetjes, hooguit twee keer per maand. Als welkom krijg je 10% korting op je eerste bestelling.',
  consent: 'Je ontvangt eerst een e-mail om je inschrijving te bevestigen. Afmelden kan altijd met één klik onderaan elke nieuwsbrief.',
  email: 'E-mailadres',
  placeholder: 'jij@voorbeeld.nl',
  submit: 'Inschrijven',
  busy: 'Bezig…',
  // SPEC §9: the failure text.
  failed: 'Kon niet inschrijven, probeer het opnieuw',
  invalidEmail: 'Vul een geldig e-mailadres in.',
  // The same answer for a new, pending or already confirmed address (no enumeration).
  success: 'Bijna klaar! Check je inbox en bevestig je inschrijving via de link in de e-mail.',
  pageTitle: 'Nieuwsbrief',
  confirm: {
    title: 'Bevestig je inschrijving',
    text: 'Klik op de knop om je inschrijving voor de nieuwsbrief van Kiemkracht te bevestigen.',
    button: 'Inschrijving bevestigen',
    done: 'Je inschrijving is bevestigd. Welkom! Je kortingscode staat in de welkomstmail.',
    doneAgain: 'Je inschrijving is bevestigd. Welkom terug!',
    already: 'Je inschrijving was al bevestigd.',
    invalid: 'Deze bevestigingslink is ongeldig of al gebruikt. Schrijf je opnieuw in om een nieuwe link te krijgen.',
    expired: 'Deze bevestigingslink is verlopen (hij is 72 uur geldig). Schrijf je opnieuw in om een nieuwe link te krijgen.',
  },
  unsubscribe: {
    title: 'Afmelden voor de nieuwsbrief',
    text: (email: string) => `Wil je ${email} afmelden voor de nieuwsbrief van Kiemkracht?`,
    button: 'Afmelden',
    done: 'Je bent afgemeld. Je ontvangt geen nieuwsbrieven meer van ons.',
    invalid: 'Deze afmeldlink is ongeldig.',
  },
  account: {
    title: 'Nieuwsbrief',
    subscribed: 'Je ontvangt de nieuwsbrief op dit adres.',
    pending: 'We hebben je een e-mail gestuurd om je inschrijving te bevestigen.',
    notSubscribed: 'Je ontvangt de nieuwsbrief niet.',
    subscribe: 'Inschrijven voor de nieuwsbrief',
    unsubscribe: 'Afmelden voor de nieuwsbrief',
    unsubscribed: 'Je bent afgemeld voor de nieuwsbrief.',
  },
  home: 'Naar de winkel',
};
