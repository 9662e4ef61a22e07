// The text a PDF drawn by pdfkit shows, read back for the tests (ADR 061): each page's content
// stream inflated, its text operators' glyphs mapped to characters through their font's
// ToUnicode map (the map a PDF reader uses to copy or search text). One fragment per text
// operator, joined by new lines. Enough for pdfkit's output, not a general PDF reader.
import zlib from 'node:zlib'

function objectsOf(source: string): Map<number, string> {
  const objects = new Map<number, string>()
  for (const match of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) objects.set(Number(match[1]), match[2]!)
  return objects
}

function streamOf(objects: Map<number, string>, id: number): string {
  const body = objects.get(id)
  if (!body) throw new Error(`no object ${id}`)
  let start = body.indexOf('stream') + 'stream'.length
  if (body[start] === '\r') start++
  if (body[start] === '\n') start++
  const data = Buffer.from(body.slice(start, body.lastIndexOf('endstream')), 'latin1')
  return (/\/FlateDecode/.test(body) ? zlib.inflateSync(data) : data).toString('latin1')
}

/** UTF-16BE hex (« 00e9 », or a surrogate pair) → the characters. */
const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)))

/** A ToUnicode CMap: glyph id → characters (`bfrange` with an array or a start, and `bfchar`). */
function cmapOf(text: string): Map<number, string> {
  const map = new Map<number, string>()
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const range of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F ]+>)/g)) {
      const [from, to] = [parseInt(range[1]!, 16), parseInt(range[2]!, 16)]
      const target = range[3]!
      // pdfkit writes a ligature's characters with spaces between them: « <0066 0069> » for « fi ».
      if (target.startsWith('[')) [...target.matchAll(/<([0-9a-fA-F ]+)>/g)].forEach((unit, i) => map.set(from + i, utf16(unit[1]!.replace(/ /g, ''))))
      else for (let code = from, base = parseInt(target.slice(1, -1), 16); code <= to; code++) map.set(code, String.fromCharCode(base + code - from))
    }
  }
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(pair[1]!, 16), utf16(pair[2]!))
  }
  return map
}

/** The text of every page of `pdf`, in page order. */
export function pdfText(pdf: Buffer): string {
  const objects = objectsOf(pdf.toString('latin1'))
  const fonts = new Map<string, Map<number, string>>()
  for (const body of objects.values()) {
    const resources = /\/Font <<([\s\S]*?)>>/.exec(body)
    if (!resources) continue
    for (const font of resources[1]!.matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(Number(font[2])) ?? '')
      if (toUnicode) fonts.set(font[1]!, cmapOf(streamOf(objects, Number(toUnicode[1]))))
    }
  }
  const kids = /\/Type \/Pages[\s\S]*?\/Kids \[([^\]]*)\]/.exec([...objects.values()].find((b) => /\/Type \/Pages/.test(b)) ?? '')
  const pages = [...(kids?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]))
  const lines: string[] = []
  for (const page of pages) {
    const contents = /\/Contents (\d+) 0 R/.exec(objects.get(page) ?? '')
    if (!contents) continue
    let font = new Map<number, string>()
    for (const op of streamOf(objects, Number(contents[1])).matchAll(/\/(\w+) [\d.]+ Tf|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (op[1]) font = fonts.get(op[1]) ?? new Map()
      else {
        const hex = op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('') : op[3]!
        lines.push((hex.match(/.{4}/g) ?? []).map((glyph) => font.get(parseInt(glyph, 16)) ?? '\ufffd').join(''))
      }
    }
  }
  return lines.join('\n')
}
