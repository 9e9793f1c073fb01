/** Where the log-in brings a visitor back: this page, or the account when they are on an account form. */
export function loginReturnPath(location: { pathname: string; search: string }): string {
  return /^\/(inloggen|registreren|wachtwoord-)/.test(location.pathname) ? '/account' : location.pathname + location.search;
}
