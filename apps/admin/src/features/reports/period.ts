// The « Rapports » page's periods: today, the last 7 days, this month (so far), last month or
// days chosen, and the period before each to compare with (« +12 % »). Dakar days, YYYY-MM-DD.
import { addDays, daysBetween } from '@teranga/shared/shop-day'

export type PeriodPreset = 'aujourdhui' | '7jours' | 'ce_mois' | 'mois_dernier' | 'perso'

export const PERIOD_LABELS: Record<PeriodPreset, string> = {
  aujourdhui: "Aujourd'hui",
  '7jours': '7 jours',
  ce_mois: 'Ce mois',
  mois_dernier: 'Mois dernier',
  perso: 'Personnalisée',
}

export interface Period {
  du: string
  au: string
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`
/** The last day of the month `day` is in. */
const monthEnd = (day: string) => addDays(monthStart(addDays(monthStart(day), 31)), -1)
const daysIn = ({ du, au }: Period) => daysBetween(du, au) + 1

/** The period a preset names on `today`; `perso` takes the days chosen. */
export function periodFor(preset: PeriodPreset, today: string, custom?: Period): Period {
  switch (preset) {
    case 'aujourdhui':
      return { du: today, au: today }
    case '7jours':
      return { du: addDays(today, -6), au: today }
    case 'ce_mois':
      return { du: monthStart(today), au: today }
    case 'mois_dernier': {
      const end = addDays(monthStart(today), -1)
      return { du: monthStart(end), au: end }
    }
    case 'perso':
      return custom ?? { du: today, au: today }
  }
}

/**
 * The period to compare with. A period within one month that starts on its 1st compares with
 * the month before from its 1st, as many days (no more than that month has): this month so far
 * with last month's same days, last month with the one before. Any other (one spanning several
 * months too), the as many days just before.
 */
export function previousPeriod(period: Period): Period {
  const n = daysIn(period)
  if (period.du === monthStart(period.du) && period.au <= monthEnd(period.du)) {
    const du = monthStart(addDays(period.du, -1))
    const au = addDays(du, n - 1)
    const end = monthEnd(du)
    return { du, au: au > end ? end : au }
  }
  return { du: addDays(period.du, -n), au: addDays(period.du, -1) }
}

/** « +12 % », « −5 % », « 0 % », or null when there is nothing to compare with (0 before). */
export function changeText(current: number, previous: number): string | null {
  if (previous === 0) return null
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 100)
  if (percent === 0) return '0\u00a0%'
  return `${percent > 0 ? '+' : '−'}${Math.abs(percent)}\u00a0%`
}
