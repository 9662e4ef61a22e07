// The text of an uploaded CSV file (issue 24 §2, ADR 050): UTF-8 when its bytes are valid UTF-8
// (its BOM dropped), else Windows-1252, what French Excel writes; never a guess stored garbled.
import type { CsvEncoding } from '@teranga/shared/backoffice-catalogue'

/**
 * Windows-1252's bytes 0x80–0x9F (€, ‚, ƒ, „, …, Œ, ‘, ’, “, ”, –, —, œ, Ÿ…), by byte less 0x80;
 * the five bytes it leaves undefined keep their Latin-1 control code, as the WHATWG table does.
 * Node 20's `TextDecoder('windows-1252')` reads these bytes as Latin-1's control codes (« € » as
 * U+0080): its output in that range is mapped here, which a correct decoder never produces.
 */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
]

const utf8 = new TextDecoder('utf-8', { fatal: true })
const windows1252 = new TextDecoder('windows-1252')

/** The file's text and the encoding it was read in. */
export function decodeCsv(bytes: Uint8Array): { text: string; encodage: CsvEncoding } {
  try {
    return { text: utf8.decode(bytes), encodage: 'UTF-8' }
  } catch {
    const text = windows1252.decode(bytes).replace(/[\u0080-\u009f]/g, (c) => String.fromCharCode(CP1252_HIGH[c.charCodeAt(0) - 0x80]!))
    return { text, encodage: 'Windows-1252' }
  }
}
