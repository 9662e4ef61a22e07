// What the shop keeps in the browser, read and written as the browser holds it: the keys
// and formats are a contract with every visitor's existing storage, so tests pin them.
import type { StoredCartLine } from '@/features/cart/local-cart.ts'

export const TOKEN_KEY = 'teranga.token'
export const GUEST_CART_KEY = 'teranga.panier'

export const storedToken = (): string | null => window.localStorage.getItem(TOKEN_KEY)

export function storeGuestCart(lines: unknown[]): void {
  window.localStorage.setItem(GUEST_CART_KEY, JSON.stringify(lines))
}

/** The visitor's cart lines in storage; [] when there is none. */
export function storedGuestCart(): StoredCartLine[] {
  const raw = window.localStorage.getItem(GUEST_CART_KEY)
  return raw ? (JSON.parse(raw) as StoredCartLine[]) : []
}
