// The shared rule for phone numbers (packages/shared/src/phone.ts), used by the sign-in form,
// the account page and the server: numbers as people in Senegal type them, to E.164.
import { describe, expect, it } from 'vitest'
import { callingCodeOf, formatPhone, isSenegaleseMobile, normalizePhone, PHONE_MESSAGES } from '@teranga/shared/phone'

describe('normalizePhone', () => {
  it.each([
    ['77 123 45 67', '+221771234567'],
    ['771234567', '+221771234567'],
    ['+221771234567', '+221771234567'],
    ['+221 77 123 45 67', '+221771234567'],
    ['00221 77 123 45 67', '+221771234567'],
    ['00221771234567', '+221771234567'],
    ['221 77 123 45 67', '+221771234567'],
    ['  77.123.45.67 ', '+221771234567'],
    ['77-123-45-67', '+221771234567'],
    ['(+221) 76 000 11 22', '+221760001122'],
    ['70 555 44 33', '+221705554433'],
    ['78 999 88 77', '+221789998877'],
    ['75 012 34 56', '+221750123456'],
    ['33 820 12 34', '+221338201234'],
    ['30 108 12 34', '+221301081234'],
  ])('reads a Senegalese number typed as « %s »', (typed, e164) => {
    expect(normalizePhone(typed)).toEqual({ ok: true, e164 })
  })

  it.each([
    ['+33 6 12 34 56 78', '+33612345678'],
    ['0033 6 12 34 56 78', '+33612345678'],
    ['+1 (415) 555-0100', '+14155550100'],
    ['+225 07 07 12 34 56', '+2250707123456'],
  ])('keeps a foreign number « %s » with its country code', (typed, e164) => {
    expect(normalizePhone(typed)).toEqual({ ok: true, e164 })
  })

  it.each([
    ['', PHONE_MESSAGES.required],
    ['   ', PHONE_MESSAGES.required],
    ['77 123 45 6x', PHONE_MESSAGES.characters],
    ['77 123+45 67', PHONE_MESSAGES.characters],
    ['77 123 45 6', PHONE_MESSAGES.senegal],
    ['77 123 45 678', PHONE_MESSAGES.senegal],
    ['0771234567', PHONE_MESSAGES.senegal],
    ['12 345 67 89', PHONE_MESSAGES.senegal],
    ['73 123 45 67', PHONE_MESSAGES.senegal],
    ['+221 12 345 67 89', PHONE_MESSAGES.senegal],
    ['+221 77 123 45', PHONE_MESSAGES.senegal],
    ['00221 77 123 45 678', PHONE_MESSAGES.senegal],
    ['+0 612 345 678', PHONE_MESSAGES.international],
    ['+33 12', PHONE_MESSAGES.international],
    ['+1 234 567 890 123 456', PHONE_MESSAGES.international],
  ])('refuses « %s » with a French reason', (typed, message) => {
    expect(normalizePhone(typed)).toEqual({ ok: false, message })
  })
})

describe('the numbers order messages go to (issue 23 §4)', () => {
  it('Senegalese mobiles are told from landlines and other countries', () => {
    for (const mobile of ['+221701112233', '+221751112233', '+221761112233', '+221771112233', '+221781112233']) expect(isSenegaleseMobile(mobile), mobile).toBe(true)
    for (const other of ['+221338212345', '+221301012345', '+33612345678', '+447700900123', '+88213123456', '+2217711122']) expect(isSenegaleseMobile(other), other).toBe(false)
  })

  it('a number in E.164 names its country by its calling code', () => {
    expect(['+33612345678', '+447700900123', '+88213123456', '+12025550123', '+221771234567', '+2250700000000'].map(callingCodeOf)).toEqual(['33', '44', '882', '1', '221', '225'])
    expect(callingCodeOf('0033612345678')).toBeNull()
  })
})

describe('formatPhone', () => {
  it('writes a Senegalese number in pairs, others as stored', () => {
    expect(formatPhone('+221771234567')).toBe('+221 77 123 45 67')
    expect(formatPhone('+33612345678')).toBe('+33612345678')
  })
})
