// Money is integer FCFA everywhere (XOF has no minor unit); these helpers are the only
// place that turns an amount into text, so the storefront and the server always agree.

const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')

/** `12500` → `"12 500 FCFA"` (the `prixformat` of the API). */
export function formatPrix(amount: number): string {
  const sign = amount < 0 ? '-' : ''
  return `${sign}${groupThousands(String(Math.abs(Math.trunc(amount))))} FCFA`
}

/** `12500` → `"12 500,00 FCFA"`: the cart total, which the spec shows with 2 decimals. */
export function formatTotal(amount: number): string {
  const sign = amount < 0 ? '-' : ''
  const [whole, decimals] = Math.abs(amount).toFixed(2).split('.')
  return `${sign}${groupThousands(whole!)},${decimals} FCFA`
}
