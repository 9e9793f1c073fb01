// Account texts: sign-up, log-in, forgotten and reset password, wishlist prompt.
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
  // SPEC §6
  wishlistGuest: 'De verlanglijst is beschikbaar voor ingelogde gebruikers. Log in of maak een gratis account aan om door te gaan',
} as const;
