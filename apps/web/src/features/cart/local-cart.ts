// The visitor's cart, kept in browser storage until they sign in (spec §1, §4); and the last
// copy of a signed-in customer's server cart, which the phone shows (read only) when the server
// cannot be reached, and forgets at sign-out (issue 23).
import type { Produit, Variante } from '@teranga/shared/storefront-answers'
import { storedValue } from '@/lib/storage.ts'
import { variantsOf } from '@/lib/variants.ts'

/**
 * A line as stored. Its key is the variant (ADR 053 §5); a line stored before variants has
 * none: it stands for its product's only variant (the server's choice when none is named).
 */
export interface StoredCartLine {
  produit_id: number
  variante_id?: number | null
  quantite: number
  prix: number
  produit: Produit
  variante?: Variante | null
}

/** A line as read: `variante_id` null for an older line (its product's only variant), `variante` always shown. */
export interface LocalCartLine extends StoredCartLine {
  variante_id: number | null
  variante: Variante
}

const EMPTY: LocalCartLine[] = []

function isLine(value: unknown): value is StoredCartLine {
  if (!value || typeof value !== 'object') return false
  const line = value as Partial<StoredCartLine>
  return (
    Number.isInteger(line.produit_id) &&
    Number.isInteger(line.quantite) &&
    (line.quantite ?? 0) > 0 &&
    typeof line.produit === 'object' &&
    line.produit !== null &&
    (line.variante_id == null || Number.isInteger(line.variante_id))
  )
}

/** An older line (no variant) reads as its product's own variant, so it keeps showing and working. */
function asLine(line: StoredCartLine): LocalCartLine {
  const variante_id = line.variante_id ?? null
  const variante = line.variante && variante_id !== null ? line.variante : variantsOf(line.produit)[0]!
  return { ...line, variante_id, variante }
}

/**
 * Whether two lines are the same line of the cart: the same variant; or, when one names none
 * (its product's only variant), the same product.
 */
export const sameLine = (a: { produit_id: number; variante_id: number | null }, b: { produit_id: number; variante_id: number | null }) =>
  a.variante_id !== null && b.variante_id !== null ? a.variante_id === b.variante_id : a.produit_id === b.produit_id

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
      parsed = Array.isArray(value) ? value.filter(isLine).map(asLine) : EMPTY
    } catch {
      parsed = EMPTY
    }
    return parsed
  }
  const write = (lines: StoredCartLine[]): void => {
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
