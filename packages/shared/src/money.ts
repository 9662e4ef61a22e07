// Money is integer FCFA everywhere (XOF has no minor unit); this is the only place that turns
// an amount into text, so the storefront, the back office, the slips and the messages always
// agree: every amount, a cart's total included, without decimals (ADR 023). Its spaces are
// no-break spaces (U+00A0, ADR 047): « 12 500 FCFA » never breaks inside the number nor
// before « FCFA », on a narrow phone as on a printed slip. The SMS adapter turns them into
// plain spaces, which the GSM 7-bit alphabet holds (messages/sms-text.ts).

/** The no-break space between thousands and before « FCFA » (U+00A0, ADR 047). */
export const NBSP = '\u00a0'

/** `1000000` → `"1 000 000"` with no-break spaces: a count or an amount without its unit. */
export function formatNombre(value: number): string {
  const sign = value < 0 ? '-' : ''
  return `${sign}${String(Math.abs(Math.trunc(value))).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP)}`
}

/** `12500` → `"12 500 FCFA"` with no-break spaces (the `prixformat` of the API). */
export function formatPrix(amount: number): string {
  return `${formatNombre(amount)}${NBSP}FCFA`
}

/**
 * `12500` → `"12 500 FCFA"` with plain spaces, for a text message only: the GSM 7-bit alphabet
 * of an SMS has no no-break space, and one character outside it sends the whole SMS in UCS-2,
 * 70 characters a part instead of 160, each part billed (ADR 047).
 */
export function formatPrixSms(amount: number): string {
  return formatPrix(amount).replaceAll(NBSP, ' ')
}
