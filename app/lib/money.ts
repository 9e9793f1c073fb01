// Money is integer minor units plus an ISO currency code (ADR 0003); formatting is the only place it becomes text.
const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(minor: number, currency: string): string {
  if (!Number.isInteger(minor)) throw new Error(`Bedrag moet in centen (geheel getal): ${minor}`);
  let f = formatters.get(currency);
  if (!f) formatters.set(currency, (f = new Intl.NumberFormat('nl-NL', { style: 'currency', currency })));
  return f.format(minor / 100);
}
