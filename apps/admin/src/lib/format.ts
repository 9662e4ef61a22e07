// French forms when the API gives none: money by the shared rule, days as Dakar reads them.
import { formatPrix } from '@teranga/shared/money'

/** `12500` → « 12 500 FCFA », the shared money format under the name the pages use. */
export const formatFcfa = formatPrix

/** The shop's time zone: a day of sales is a day in Dakar, wherever the back-office is opened. */
export const SHOP_TIME_ZONE = 'Africa/Dakar'

const day = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', timeZone: SHOP_TIME_ZONE })

/** A moment → its day in Dakar, day before month: « 30 oct. ». */
export const formatDayOf = (date: Date): string => day.format(date)

/** A day `2026-10-30` → « 30 oct. ». */
export function formatDay(iso: string): string {
  return formatDayOf(new Date(`${iso}T12:00:00Z`))
}
