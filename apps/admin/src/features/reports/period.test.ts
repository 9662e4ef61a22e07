// The « Rapports » page's period maths: this month, last month, the previous period, the change.
import { describe, expect, it } from 'vitest'
import { changeText, periodFor, previousPeriod } from './period.ts'

describe('periodFor', () => {
  it('today, the last 7 days and this month so far end today', () => {
    expect(periodFor('aujourdhui', '2026-11-29')).toEqual({ du: '2026-11-29', au: '2026-11-29' })
    expect(periodFor('7jours', '2026-11-29')).toEqual({ du: '2026-11-23', au: '2026-11-29' })
    expect(periodFor('ce_mois', '2026-11-29')).toEqual({ du: '2026-11-01', au: '2026-11-29' })
    expect(periodFor('ce_mois', '2026-11-01')).toEqual({ du: '2026-11-01', au: '2026-11-01' })
  })

  it('last month is the whole month before, across a year and a leap February', () => {
    expect(periodFor('mois_dernier', '2026-11-29')).toEqual({ du: '2026-10-01', au: '2026-10-31' })
    expect(periodFor('mois_dernier', '2027-01-05')).toEqual({ du: '2026-12-01', au: '2026-12-31' })
    expect(periodFor('mois_dernier', '2028-03-31')).toEqual({ du: '2028-02-01', au: '2028-02-29' })
  })

  it('a custom period is the days chosen', () => {
    expect(periodFor('perso', '2026-11-29', { du: '2026-06-10', au: '2026-06-20' })).toEqual({ du: '2026-06-10', au: '2026-06-20' })
  })
})

describe('previousPeriod', () => {
  it('compares as many days just before', () => {
    expect(previousPeriod({ du: '2026-11-29', au: '2026-11-29' })).toEqual({ du: '2026-11-28', au: '2026-11-28' })
    expect(previousPeriod({ du: '2026-11-23', au: '2026-11-29' })).toEqual({ du: '2026-11-16', au: '2026-11-22' })
    expect(previousPeriod({ du: '2026-03-05', au: '2026-03-14' })).toEqual({ du: '2026-02-23', au: '2026-03-04' })
  })

  it('compares this month so far with last month’s same days, and a month with the month before', () => {
    expect(previousPeriod({ du: '2026-11-01', au: '2026-11-29' })).toEqual({ du: '2026-10-01', au: '2026-10-29' })
    expect(previousPeriod({ du: '2026-10-01', au: '2026-10-31' })).toEqual({ du: '2026-09-01', au: '2026-09-30' })
    // March's 31 days against February's 28: February whole, no day of March.
    expect(previousPeriod({ du: '2026-03-01', au: '2026-03-31' })).toEqual({ du: '2026-02-01', au: '2026-02-28' })
    expect(previousPeriod({ du: '2027-01-01', au: '2027-01-31' })).toEqual({ du: '2026-12-01', au: '2026-12-31' })
  })

  it('compares a custom period from a 1st spanning several months with as many days just before, not with one month', () => {
    // 1 September – 30 November: 91 days against the 91 before (2 June – 31 August).
    expect(previousPeriod({ du: '2026-09-01', au: '2026-11-30' })).toEqual({ du: '2026-06-02', au: '2026-08-31' })
    // One day past the month's end is already more than the month.
    expect(previousPeriod({ du: '2026-10-01', au: '2026-11-01' })).toEqual({ du: '2026-08-30', au: '2026-09-30' })
    // A whole year from 1 January.
    expect(previousPeriod({ du: '2026-01-01', au: '2026-12-31' })).toEqual({ du: '2025-01-01', au: '2025-12-31' })
  })
})

describe('changeText', () => {
  it('says the change in whole percent, signed, or nothing against 0', () => {
    expect(changeText(112_000, 100_000)).toBe('+12\u00a0%')
    expect(changeText(95_000, 100_000)).toBe('−5\u00a0%')
    expect(changeText(100_000, 100_000)).toBe('0\u00a0%')
    expect(changeText(5_000, 0)).toBeNull()
  })
})
