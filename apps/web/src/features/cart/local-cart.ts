// The visitor's cart, kept in browser storage until they sign in (spec §1, §4).
import type { Produit } from '@teranga/shared/storefront-queries'
import { readJson, writeJson } from '@/lib/storage.ts'

const LOCAL_CART_KEY = 'teranga.panier'

export interface LocalCartLine {
  produit_id: number
  quantite: number
  prix: number
  produit: Produit
}

function isLine(value: unknown): value is LocalCartLine {
  if (!value || typeof value !== 'object') return false
  const line = value as Partial<LocalCartLine>
  return Number.isInteger(line.produit_id) && Number.isInteger(line.quantite) && (line.quantite ?? 0) > 0 && typeof line.produit === 'object'
}

export function readLocalCart(): LocalCartLine[] {
  const stored = readJson<unknown>(LOCAL_CART_KEY, [])
  return Array.isArray(stored) ? stored.filter(isLine) : []
}

export function writeLocalCart(lines: LocalCartLine[]): void {
  writeJson(LOCAL_CART_KEY, lines.length ? lines : null)
}
