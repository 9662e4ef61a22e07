// Close spellings for a search that found nothing (issue 19 §2, ADR 040): the words of the
// visible products' names, held in memory by each instance and rebuilt with the catalogue's
// upkeep; for each word of the search that no name holds, the nearest words by edit distance
// (a letter added, removed, changed, or two swapped), the most common first.

/** A word as compared: lower case, without accents (« Café » and « cafe » are the same word). */
export const wordKey = (word: string) =>
  word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()

interface Entry {
  /** The word as the names write it most often (« café »). */
  display: string
  /** How many visible products' names hold it. */
  products: number
}

export interface Vocabulary {
  words: ReadonlyMap<string, Entry>
  /** Keys by length, so that a word is only compared with those of a length it can reach. */
  byLength: ReadonlyMap<number, readonly string[]>
}

export const EMPTY_VOCABULARY: Vocabulary = { words: new Map(), byLength: new Map() }

/** The vocabulary from `(word, products)` rows, the word lower-cased as the names write it. */
export function buildVocabulary(rows: ReadonlyArray<{ word: string; products: number }>): Vocabulary {
  const words = new Map<string, Entry & { total: number }>()
  for (const { word, products } of rows) {
    const key = wordKey(word)
    const entry = words.get(key)
    if (!entry) words.set(key, { display: word, products, total: products })
    else {
      if (products > entry.products) Object.assign(entry, { display: word, products })
      entry.total += products
    }
  }
  const byLength = new Map<number, string[]>()
  for (const key of words.keys()) {
    const list = byLength.get(key.length) ?? []
    list.push(key)
    byLength.set(key.length, list)
  }
  return { words: new Map([...words].map(([key, e]) => [key, { display: e.display, products: e.total }])), byLength }
}

/**
 * The edit distance between `a` and `b` (optimal string alignment: insert, delete, change, swap
 * two neighbours), or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before = new Array<number>(b.length + 1).fill(0)
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0)
    current[0] = i
    let best = current[0]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1)
      current[j] = d
      best = Math.min(best, d)
    }
    if (best > max) return max + 1
    before = previous
    previous = current
  }
  return previous[b.length]!
}

/** How far a word may be from the one meant: one mistake in a short word, two in a longer one. */
const reach = (length: number) => (length <= 4 ? 1 : 2)

/** The catalogue's words nearest to `key` (none when the catalogue holds it), best first. */
function nearest(vocabulary: Vocabulary, key: string, count: number): string[] {
  const max = reach(key.length)
  const found: Array<{ key: string; distance: number; products: number }> = []
  for (let length = key.length - max; length <= key.length + max; length++) {
    for (const candidate of vocabulary.byLength.get(length) ?? []) {
      const distance = editDistance(key, candidate, max)
      if (distance <= max) found.push({ key: candidate, distance, products: vocabulary.words.get(candidate)!.products })
    }
  }
  found.sort((x, y) => x.distance - y.distance || y.products - x.products || x.key.localeCompare(y.key))
  return found.slice(0, count).map((f) => vocabulary.words.get(f.key)!.display)
}

/** Words of a search looked at, at most: the rest of a long search is left out. */
const MAX_WORDS = 6
/** Unknown words spelled again, at most, each no longer than this: what an anonymous request may cost stays bounded. */
const MAX_CORRECTED = 3
const MAX_WORD_LENGTH = 20
/** Suggestions given, at most. */
export const MAX_SPELLINGS = 3

/**
 * Searches to try instead of `q`: each of its words that no name holds replaced by the nearest
 * word that one does (then the next nearest, for the first such word), the rest as typed. None
 * when every word is in the catalogue (then each word alone is the better advice) or when no
 * word comes near.
 */
export function suggestSpellings(vocabulary: Vocabulary, q: string): string[] {
  const tokens = q.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_WORDS) ?? []
  let corrected = 0
  const options = tokens.map((token) => {
    const key = wordKey(token)
    if (key.length < 3 || key.length > MAX_WORD_LENGTH || /\d/.test(key) || vocabulary.words.has(key) || corrected >= MAX_CORRECTED) return { token, alternatives: null }
    corrected++
    return { token, alternatives: nearest(vocabulary, key, MAX_SPELLINGS) }
  })
  const unknown = options.filter((o) => o.alternatives !== null)
  if (unknown.length === 0 || unknown.every((o) => o.alternatives!.length === 0)) return []
  const first = unknown.find((o) => o.alternatives!.length > 0)!
  const spelled = (choice: number) =>
    options
      .map((o) => (o.alternatives === null ? o.token : o === first ? o.alternatives[choice] : o.alternatives[0]))
      .filter((word): word is string => Boolean(word))
      .join(' ')
  const suggestions = first.alternatives!.map((_, choice) => spelled(choice))
  return [...new Set(suggestions)].filter((s) => s !== tokens.join(' ')).slice(0, MAX_SPELLINGS)
}
