// Money is integer FCFA everywhere (XOF has no minor unit); this is the only place that turns
// an amount into text, so the storefront and the server always agree: every amount, a cart's
// total included, without decimals (ADR 023).

const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')

/** `12500` → `"12 500 FCFA"` (the `prixformat` of the API). */
export function formatPrix(amount: number): string {
  const sign = amount < 0 ? '-' : ''
  return `${sign}${groupThousands(String(Math.abs(Math.trunc(amount))))} FCFA`
}
