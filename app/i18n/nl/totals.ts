// An order's totals, shown by the checkout and by the order pages (which do not load the checkout's texts).
export const totals = {
  free: 'Gratis',
  subtotal: 'Subtotaal',
  discount: 'Korting',
  shipping: 'Verzending',
  total: 'Totaal',
  /** Store credit (ADR 073): taken off after the coupon and shipping. */
  credit: 'Betaald met tegoed',
  due: 'Te betalen',
  seeds: (n: number) => `${n} ${n === 1 ? 'zaadje' : 'zaden'}`,
};
