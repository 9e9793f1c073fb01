// Account texts: sign-up, log-in, forgotten and reset password, wishlist prompt. Imported from this
// file by the account pages only, so they stay out of the nl.ts every page loads.
// SPEC §5, §6 and §8 messages are verbatim (including their missing full stops and lower case).
export const account = {
  fields: {
    name: 'Naam',
    email: 'E-mailadres',
    dateOfBirth: 'Geboortedatum',
    password: 'Wachtwoord',
    passwordConfirm: 'Herhaal wachtwoord',
    newPassword: 'Nieuw wachtwoord',
    newPasswordConfirm: 'Herhaal nieuw wachtwoord',
  },
  passwordHint: 'Minimaal 8 tekens. Een zin van een paar woorden is sterk en makkelijk te onthouden.',
  errors: {
    // SPEC §5
    email: 'Vul een geldig e-mailadres in.',
    password: 'Een geldig wachtwoord is vereist',
    passwordMismatch: 'Wachtwoorden komen niet overeen',
    // Our own
    name: 'Naam is verplicht.',
    tooLong: (max: number) => `Gebruik maximaal ${max} tekens.`,
    dateOfBirth: 'Geboortedatum is verplicht.',
    dateOfBirthInvalid: 'Vul een geldige geboortedatum in.',
    underAge: 'Je moet 18 jaar of ouder zijn om een account aan te maken.',
    passwordTooShort: 'Kies een wachtwoord van minimaal 8 tekens.',
    passwordTooLong: 'Kies een wachtwoord van maximaal 128 tekens.',
    passwordCommon: 'Dit wachtwoord wordt veel gebruikt en is makkelijk te raden. Kies een ander wachtwoord.',
    passwordPersonal: 'Kies een wachtwoord dat niet gelijk is aan je naam of e-mailadres.',
    verifyFailed: 'Deze bevestigingslink is ongeldig of verlopen. Vraag via ‘Wachtwoord vergeten’ een nieuwe link aan.',
    tooManyRequests: 'Te veel pogingen. Wacht een paar minuten en probeer het opnieuw.',
    // SPEC §8
    loginFailed: 'Gebruikersnaam en/of wachtwoord is onjuist. Probeer het opnieuw of reset je wachtwoord.',
    forgotFailed: 'Kon het wachtwoord niet resetten, neem contact op met de klantenservice',
    resetFailed: 'Kon het wachtwoord niet resetten, neem contact op met de klantenservice',
  },
  // SPEC §8
  loginSuccess: 'succesvol ingelogd',
  forgotSuccess: 'E-mail voor wachtwoordreset verzonden.',
  resetSuccess: 'Wachtwoord succesvol gereset',
  // Our own: the same answer whether or not the address already has an account (ADR 008).
  signUpSuccess: 'Bijna klaar! We hebben je een e-mail gestuurd. Klik op de link in die e-mail om je account te activeren.',
  verifySuccess: 'Je e-mailadres is bevestigd. Welkom bij Kiemkracht!',
  login: {
    title: 'Inloggen',
    intro: 'Log in om je bestellingen te volgen en sneller af te rekenen.',
    submit: 'Inloggen',
    forgot: 'Wachtwoord vergeten?',
    noAccount: 'Nog geen account?',
    register: 'Account aanmaken',
    // SPEC §2: a logged-in visitor on the login page.
    loggedIn: (name: string) => `Je bent ingelogd als ${name}.`,
    toAccount: 'Naar mijn account',
  },
  register: {
    title: 'Account aanmaken',
    intro: 'Met een account zie je al je bestellingen op één plek.',
    submit: 'Account aanmaken',
    haveAccount: 'Heb je al een account?',
    login: 'Inloggen',
    checkTitle: 'Controleer je e-mail',
    adultHint: 'Je moet 18 jaar of ouder zijn.',
  },
  verify: {
    title: 'E-mailadres bevestigen',
    intro: 'Bevestig je e-mailadres om je account te activeren. Je bent daarna meteen ingelogd.',
    submit: 'Bevestig mijn e-mailadres',
  },
  forgot: {
    title: 'Wachtwoord vergeten',
    intro: 'Vul je e-mailadres in. Hoort er een account bij, dan sturen we je een link om een nieuw wachtwoord te kiezen. De link is een uur geldig.',
    submit: 'Stuur de link',
    back: 'Terug naar inloggen',
  },
  reset: {
    title: 'Nieuw wachtwoord kiezen',
    intro: 'Kies een nieuw wachtwoord. Je wordt daarna op al je apparaten uitgelogd.',
    submit: 'Wachtwoord opslaan',
    newLink: 'Nieuwe link aanvragen',
  },
  overview: {
    title: 'Mijn account',
    greeting: (name: string) => `Hallo ${name}`,
    details: 'Mijn gegevens',
    memberSince: (date: string) => `Klant sinds ${date}`,
    orders: 'Recente bestellingen',
    noOrders: 'Je hebt nog geen bestellingen geplaatst met dit e-mailadres.',
    shop: 'Naar de winkel',
    orderLine: (number: string) => `Bestelling ${number}`,
    sessions: 'Ingelogde apparaten',
    sessionsIntro: 'Hier ben je ingelogd. Herken je een apparaat niet? Log dan overal uit en wijzig je wachtwoord.',
    thisDevice: 'Dit apparaat',
    unknownDevice: 'Onbekend apparaat',
    device: (browser: string, os: string) => `${browser} op ${os}`,
    lastSeen: (date: string) => `Laatst actief ${date}`,
    logout: 'Uitloggen',
    logoutEverywhere: 'Overal uitloggen',
    loggedOut: 'Je bent uitgelogd.',
    loggedOutEverywhere: 'Je bent op al je andere apparaten uitgelogd.',
  },
  // SPEC §6
  wishlistGuest: 'De verlanglijst is beschikbaar voor ingelogde gebruikers. Log in of maak een gratis account aan om door te gaan',
} as const;
