// An SMS in the GSM 7-bit alphabet (3GPP TS 23.038): one part holds 160 of its characters, but a
// single character outside it (« ç », « ê », « ô », a curly apostrophe) sends the whole message in
// UCS-2, 70 characters a part, and each part is billed. The texts are written in the alphabet
// (message-texts.ts); what a name or a future text brings in is replaced by its nearest letter.

const BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
)
/** The extension table: two septets each. */
const EXTENDED = new Set('^{}\\[~]|€\f')

const NEAREST: Record<string, string> = {
  '\u00a0': ' ',
  '\u202f': ' ',
  '’': "'",
  '‘': "'",
  '«': '"',
  '»': '"',
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  œ: 'oe',
  Œ: 'OE',
}

/** `text` in the GSM 7-bit alphabet: accents it lacks dropped (ç → c, ê → e), typographic signs made plain, the rest « ? ». */
export function toGsm7(text: string): string {
  let out = ''
  for (const char of text) {
    if (BASIC.has(char) || EXTENDED.has(char)) out += char
    else if (NEAREST[char] !== undefined) out += NEAREST[char]
    else {
      const bare = char.normalize('NFD').replace(/\p{M}/gu, '')
      out += [...bare].every((c) => BASIC.has(c)) && bare.length > 0 ? bare : '?'
    }
  }
  return out
}

/** How many parts (each billed) `text` is sent in: 160 septets, or 153 a part when split; 70 and 67 in UCS-2. */
export function smsParts(text: string): number {
  const chars = [...text]
  if (chars.every((c) => BASIC.has(c) || EXTENDED.has(c))) {
    const septets = chars.reduce((n, c) => n + (EXTENDED.has(c) ? 2 : 1), 0)
    return septets <= 160 ? 1 : Math.ceil(septets / 153)
  }
  const units = text.length
  return units <= 70 ? 1 : Math.ceil(units / 67)
}
