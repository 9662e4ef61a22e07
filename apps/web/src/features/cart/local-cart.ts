// The visitor's cart, kept in browser storage until they sign in (spec §1, §4); and the last
// copy of a signed-in customer's server cart, which the phone shows (read only) when the server
// cannot be reached, and forgets at sign-out (issue 23).
import type { Produit } from '@teranga/shared/storefront-answers'
import { storedValue } from '@/lib/storage.ts'

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

/** Cart lines kept under one storage key, read as a useSyncExternalStore snapshot. */
function cartLines(key: string) {
  const stored = storedValue(key)
  let parsedFrom: string | null = null
  let parsed: LocalCartLine[] = EMPTY
  /** The lines in storage; the same array until storage changes (a useSyncExternalStore snapshot). */
  const read = (): LocalCartLine[] => {
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
  const write = (lines: LocalCartLine[]): void => {
    if (lines.length) stored.set(JSON.stringify(lines))
    else stored.clear()
  }
  return {
    read,
    write,
    store: {
      subscribe: stored.subscribe,
      getSnapshot: read,
      /** Pages are rendered on the server without a cart: hydration starts from that. */
      getServerSnapshot: () => EMPTY,
    },
  }
}

const visitorCart = cartLines('teranga.panier')

export const readLocalCart = visitorCart.read
export const writeLocalCart = visitorCart.write
export const localCartStore = visitorCart.store

/** The signed-in customer's server cart as last read: shown while the server is out of reach. */
export const accountCartCopy = cartLines('teranga.panier-compte')
