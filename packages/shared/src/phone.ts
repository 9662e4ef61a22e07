// Phone numbers as people in Senegal write them (« 77 123 45 67 », « 00221 77… », « +221… »)
// turned into E.164, the form Firebase's phone sign-in and the server store. One rule for the
// sign-in form, the account page and the server.

/** Senegal's country calling code: a number typed without one is Senegalese. */
export const SENEGAL_CALLING_CODE = '221'

export const PHONE_MESSAGES = {
  required: 'Saisissez votre numéro de téléphone.',
  characters: 'Le numéro de téléphone ne doit contenir que des chiffres, des espaces et un + au début.',
  senegal: "Ce numéro sénégalais n'existe pas : il a 9 chiffres et commence par 70, 75, 76, 77, 78 (mobile) ou 33, 30 (fixe), par exemple 77 123 45 67.",
  international: "Ce numéro international n'est pas valide : écrivez l'indicatif du pays après le +, par exemple +33 6 12 34 56 78.",
  // The account page's proved number (PUT /api/profile/telephone).
  notYourAccount: "Ce jeton d'identité n'est pas celui de votre compte : reconnectez-vous puis recommencez.",
  noVerifiedPhone: "Aucun numéro n'a été vérifié par SMS pour ce compte : demandez un code puis saisissez-le.",
  alreadyUsed: 'Ce numéro est déjà celui d\'un autre compte : connectez-vous avec lui, ou choisissez un autre numéro.',
  verified: 'Numéro vérifié.',
  code: 'Le code reçu par SMS a 6 chiffres.',
} as const

// Senegal's numbering plan (ARTP), as libphonenumber's metadata has it: mobiles, then fixed lines.
const SENEGAL_MOBILE = /^7(?:[06-8]\d|21|90|5\d)\d{6}$/
const SENEGAL_FIXED = /^3(?:0(?:1[0-2]|80)|282|3(?:8[1-9]|9[3-9])|611)\d{5}$/

// Calling codes of one, two and three digits (ITU-T E.164 list): enough to tell where the
// country code ends, so that a number too short for any country is refused.
const ONE_DIGIT = new Set(['1', '7'])
const TWO_DIGITS = new Set([
  '20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49',
  '51', '52', '53', '54', '55', '56', '57', '58', '60', '61', '62', '63', '64', '65', '66', '81', '82', '84',
  '86', '90', '91', '92', '93', '94', '95', '98',
])

export type PhoneResult = { ok: true; e164: string } | { ok: false; message: string }

/** Whether `national` (digits after +221) is a Senegalese mobile or fixed line. */
const isSenegalese = (national: string) => SENEGAL_MOBILE.test(national) || SENEGAL_FIXED.test(national)

/**
 * The E.164 form of a number typed by a person, or why it is refused (in French). Spaces,
 * dots, dashes and brackets are ignored; `00` is read as `+`; a number without a country code
 * is Senegalese (a leading 0 of habit is dropped, « 0221… » is not asked).
 */
export function normalizePhone(typed: string): PhoneResult {
  const text = typed.trim()
  if (!text) return { ok: false, message: PHONE_MESSAGES.required }
  const compact = text.replace(/[\s.\-()/]/g, '')
  if (!/^\+?\d+$/.test(compact)) return { ok: false, message: PHONE_MESSAGES.characters }
  const international = compact.startsWith('+') || compact.startsWith('00')
  let digits = compact.replace('+', '')
  if (!international) {
    // « 77 123 45 67 » or « 221 77 123 45 67 » typed without the +.
    if (digits.length === 12 && digits.startsWith(SENEGAL_CALLING_CODE)) digits = digits.slice(3)
    return isSenegalese(digits) ? { ok: true, e164: `+${SENEGAL_CALLING_CODE}${digits}` } : { ok: false, message: PHONE_MESSAGES.senegal }
  }
  if (!compact.startsWith('+')) digits = digits.slice(2)
  if (digits.startsWith(SENEGAL_CALLING_CODE)) {
    const national = digits.slice(3)
    return isSenegalese(national) ? { ok: true, e164: `+${digits}` } : { ok: false, message: PHONE_MESSAGES.senegal }
  }
  const countryLength = ONE_DIGIT.has(digits[0]!) ? 1 : TWO_DIGITS.has(digits.slice(0, 2)) ? 2 : 3
  const nationalLength = digits.length - countryLength
  // E.164: at most 15 digits in all, at least 7 (the shortest plans, such as Niue's, have 4 after the code).
  if (digits.startsWith('0') || digits.length > 15 || digits.length < 7 || nationalLength < 4) {
    return { ok: false, message: PHONE_MESSAGES.international }
  }
  return { ok: true, e164: `+${digits}` }
}

/** Whether `e164` is a Senegalese mobile number (+221 7…: 70, 75, 76, 77, 78…), the only kind that receives SMS; landlines (33, 30) do not. */
export const isSenegaleseMobile = (e164: string) => e164.startsWith(`+${SENEGAL_CALLING_CODE}`) && SENEGAL_MOBILE.test(e164.slice(1 + SENEGAL_CALLING_CODE.length))

/** The country calling code of a number in E.164 (« +33612345678 » → « 33 », « +88213123456 » → « 882 »), or null when it is not one. */
export function callingCodeOf(e164: string): string | null {
  if (!/^\+[1-9]\d{6,14}$/.test(e164)) return null
  const digits = e164.slice(1)
  return ONE_DIGIT.has(digits[0]!) ? digits[0]! : TWO_DIGITS.has(digits.slice(0, 2)) ? digits.slice(0, 2) : digits.slice(0, 3)
}

/** « +221771234567 » → « +221 77 123 45 67 », for reading; other countries as stored. */
export function formatPhone(e164: string): string {
  const senegal = /^\+221(\d{2})(\d{3})(\d{2})(\d{2})$/.exec(e164)
  return senegal ? `+221 ${senegal.slice(1).join(' ')}` : e164
}

/**
 * A customer as the shop names them: their name, else their email, else their phone (an
 * account opened with a phone number has neither name nor email until they give them).
 */
export function customerLabel(c: { prenom?: string | null; name?: string | null; email?: string | null; telephone?: string | null }): string {
  const name = [c.prenom, c.name].filter(Boolean).join(' ').trim()
  return name || c.email || (c.telephone ? (c.telephone.startsWith('+') ? formatPhone(c.telephone) : c.telephone) : '') || 'Client sans nom'
}

/**
 * A number as typed on an order (« 77 555 44 33 », « +221 … », « 00221 … ») as wa.me wants it:
 * country code and digits, 9 local digits getting Senegal's; null for what is not a number.
 * The back office's order page and the courier's « Mes livraisons » both link with it.
 */
export function whatsappLink(tel: string | null): string | null {
  const digits = (tel ?? '').replace(/\D/g, '')
  if (digits.length === 9) return `https://wa.me/${SENEGAL_CALLING_CODE}${digits}`
  if (digits.length >= 10 && digits.length <= 15) return `https://wa.me/${digits.replace(/^00/, '')}`
  return null
}
