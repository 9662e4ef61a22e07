// The visitor's cart, kept in browser storage until they sign in (spec §1, §4).
import type { Produit } from '@teranga/shared/storefront-queries'
import { storedValue } from '@/lib/storage.ts'

const stored = storedValue('teranga.panier')

export interface LocalCartLine {
  produit_id: number
  quantite: number
  prix: number
  produit: Produit
}

const EMPTY: LocalCartLine[] = []

function isLine(value: unknown): value is LocalCartLine {
  if (!value || typeof value !== 'object') return false
  const line = value as Partial<LocalCartLine>
  return Number.isInteger(line.produit_id) && Number.isInteger(line.quantite) && (line.quantite ?? 0) > 0 && typeof line.produit === 'object'
}

let parsedFrom: string | null = null
let parsed: LocalCartLine[] = EMPTY

/** The lines in storage; the same array until storage changes (a useSyncExternalStore snapshot). */
export function readLocalCart(): LocalCartLine[] {
  const raw = stored.get()
  if (raw === parsedFrom) return parsed
  parsedFrom = raw
  try {
    const value: unknown = raw ? JSON.parse(raw) : []
    parsed = Array.isArray(value) ? value.filter(isLine) : EMPTY
  } catch {
    parsed = EMPTY
  }
  return parsed
}

export function writeLocalCart(lines: LocalCartLine[]): void {
  if (lines.length) stored.set(JSON.stringify(lines))
  else stored.clear()
}

export const localCartStore = {
  subscribe: stored.subscribe,
  getSnapshot: readLocalCart,
  /** Pages are rendered on the server without a cart: hydration starts from that. */
  getServerSnapshot: () => EMPTY,
}
