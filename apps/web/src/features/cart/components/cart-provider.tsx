// The cart as the shopper sees it, whoever they are: the server's cart when signed in, the
// browser's otherwise, merged into the server's at sign-in (spec §4). Every change shows
// the spec's toast. Using the cart outside its provider is a programming error (spec §8).
// It holds state only: the panel and the add-to-cart dialog that show it are composed above
// it (the shell), so they can read useCart without importing back into this file. A signed-in
// customer whose phone cannot reach the server sees the last copy of their cart, read only
// (issue 23), never « Votre panier est vide. ».
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError } from '@/lib/api-client.ts'
import { withReason } from '@/lib/api-errors.ts'
import { toast } from '@/lib/notify.ts'
import { tokenStorage } from '@/lib/storage.ts'
import { ADD_TO_CART_MAX, CART_ACTION, CART_QUANTITY_MIN, MAX_CART_LINES } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/messages'
import type { Panier, Produit } from '@teranga/shared/storefront-answers'
import { useAuth } from '@/lib/auth.tsx'
import { cartQueryKey, updateCartLine, useServerCart, type CartAction } from '../api/cart-api.ts'
import { accountCartCopy, localCartStore, readLocalCart, writeLocalCart, type LocalCartLine } from '../local-cart.ts'

export interface CartLine {
  produit_id: number
  quantite: number
  prix: number
  produit: Produit
}

export interface CartContextValue {
  lines: CartLine[]
  count: number
  total: number
  isLoading: boolean
  isError: boolean
  /** The server cannot be reached: the lines are the signed-in customer's last copy, read only. */
  offlineCopy: boolean
  /** Adds a quantity of a product; resolves to whether it was added. */
  add: (product: Produit, quantite: number) => Promise<boolean>
  /** Sets a line's quantity; anything but a number above 0 is ignored (spec §4). Resolves to whether the cart now holds it. */
  setQuantity: (produitId: number, quantite: number) => Promise<boolean>
  remove: (produitId: number) => Promise<void>
  panelOpen: boolean
  openPanel: () => void
  closePanel: () => void
  /** Opens the add-to-cart dialog of a product card. */
  chooseQuantity: (product: Produit) => void
  /** The product whose add-to-cart dialog is open, if any. */
  choosing: Produit | null
  stopChoosing: () => void
}

const CartContext = createContext<CartContextValue | null>(null)

export function isValidQuantity(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= CART_QUANTITY_MIN
}

function stockError(product: Produit): Error {
  return new Error(MESSAGES.insufficientStock(product.designation, Math.max(0, product.quantite)))
}

export function CartProvider({ children }: { children: ReactNode }) {
  const { state } = useAuth()
  const user = state.status === 'signedIn' ? state.user : null
  const queryClient = useQueryClient()
  const server = useServerCart(user !== null)
  const localLines = useSyncExternalStore(localCartStore.subscribe, localCartStore.getSnapshot, localCartStore.getServerSnapshot)
  const copyLines = useSyncExternalStore(accountCartCopy.store.subscribe, accountCartCopy.store.getSnapshot, accountCartCopy.store.getServerSnapshot)
  // A token kept but no server (the profile or the cart could not be reached): the last copy.
  const unreachable = state.status === 'signedOut' && state.unreachable === true
  // Signed in but the cart itself unreachable: its copy if there is one, else the cart's error.
  const offlineCopy = unreachable || (user !== null && server.isError && server.error instanceof ApiError && server.error.status === 0 && copyLines.length > 0)

  // The copy follows the server's cart, and goes with the token (signed out, here or elsewhere).
  useEffect(() => {
    if (user && server.data !== undefined) accountCartCopy.write(server.data?.panierproduits ?? [])
  }, [user, server.data])
  useEffect(() => {
    // The token itself, not the state (which hydration starts signed out).
    const forget = () => {
      if (tokenStorage.get() === null) accountCartCopy.write([])
    }
    forget()
    return tokenStorage.subscribe(forget)
  }, [])
  const [panelOpen, setPanelOpen] = useState(false)
  const [choosing, setChoosing] = useState<Produit | null>(null)
  const merging = useRef(false)

  const saveLocal = useCallback((lines: LocalCartLine[]) => writeLocalCart(lines), [])

  const send = useCallback(
    async (produit: number, action: CartAction, quantite?: number): Promise<Panier> => {
      if (!user) throw new Error(MESSAGES.unauthenticated)
      const panier = await updateCartLine({ produit, user: user.id, action, ...(quantite !== undefined ? { quantite } : {}) })
      queryClient.setQueryData(cartQueryKey, panier)
      return panier
    },
    [user, queryClient],
  )

  // Sign-in merge (spec §4): lines already on the server take the local quantity, new lines
  // are added, then the browser's cart is cleared. Each reason a line was refused is told
  // once (a full server cart refuses every new line alike).
  useEffect(() => {
    if (!user || server.isPending || server.isError || merging.current) return
    const local = readLocalCart()
    if (local.length === 0) return
    merging.current = true
    void (async () => {
      const onServer = new Set(server.data?.panierproduits.map((line) => line.produit_id) ?? [])
      const told = new Set<string>()
      for (const line of local) {
        const action = onServer.has(line.produit_id) ? CART_ACTION.update : CART_ACTION.add
        try {
          await send(line.produit_id, action, line.quantite)
        } catch (error) {
          const message = withReason(MESSAGES.cartAddItemError, error)
          if (!told.has(message)) toast.error(message)
          told.add(message)
        }
      }
      saveLocal([])
      merging.current = false
    })()
  }, [user, server.isPending, server.isError, server.data, send, saveLocal])

  const lines: CartLine[] = useMemo(
    () => (offlineCopy ? copyLines : user ? (server.data?.panierproduits ?? []) : localLines),
    [offlineCopy, copyLines, user, server.data, localLines],
  )

  /** A change to the customer's cart while only its copy shows: refused, plainly. */
  const refusedOffline = useCallback(() => {
    toast.error(MESSAGES.connectionRequired)
  }, [])

  const add = useCallback(
    async (product: Produit, quantite: number) => {
      if (!isValidQuantity(quantite) || quantite > ADD_TO_CART_MAX) return false
      if (offlineCopy) {
        refusedOffline()
        return false
      }
      if (user) {
        try {
          await send(product.id, CART_ACTION.add, quantite)
          toast.success(MESSAGES.cartAdded)
          return true
        } catch (error) {
          toast.error(withReason(MESSAGES.cartAddProductError, error))
          return false
        }
      }
      const current = readLocalCart()
      const existing = current.find((line) => line.produit_id === product.id)
      if (!existing && current.length >= MAX_CART_LINES) {
        toast.error(withReason(MESSAGES.cartAddProductError, new Error(MESSAGES.cartFull(MAX_CART_LINES))))
        return false
      }
      const wanted = (existing?.quantite ?? 0) + quantite
      if (wanted > product.quantite) {
        toast.error(withReason(MESSAGES.cartAddProductError, stockError(product)))
        return false
      }
      const next = existing
        ? current.map((line) => (line.produit_id === product.id ? { ...line, quantite: wanted, prix: product.prix, produit: product } : line))
        : [...current, { produit_id: product.id, quantite, prix: product.prix, produit: product }]
      saveLocal(next)
      toast.success(MESSAGES.cartAdded)
      return true
    },
    [user, send, saveLocal, offlineCopy, refusedOffline],
  )

  const setQuantity = useCallback(
    async (produitId: number, quantite: number) => {
      if (!isValidQuantity(quantite)) return false
      if (offlineCopy) {
        refusedOffline()
        return false
      }
      if (user) {
        try {
          await send(produitId, CART_ACTION.update, quantite)
          toast.success(MESSAGES.cartQuantityUpdated)
          return true
        } catch (error) {
          toast.error(withReason(MESSAGES.cartQuantityError, error))
          return false
        }
      }
      const current = readLocalCart()
      const line = current.find((l) => l.produit_id === produitId)
      if (!line) return false
      if (line.quantite === quantite) return true
      if (quantite > line.produit.quantite) {
        toast.error(withReason(MESSAGES.cartQuantityError, stockError(line.produit)))
        return false
      }
      saveLocal(current.map((l) => (l.produit_id === produitId ? { ...l, quantite } : l)))
      toast.success(MESSAGES.cartQuantityUpdated)
      return true
    },
    [user, send, saveLocal, offlineCopy, refusedOffline],
  )

  const remove = useCallback(
    async (produitId: number) => {
      if (offlineCopy) {
        refusedOffline()
        return
      }
      if (user) {
        try {
          await send(produitId, CART_ACTION.remove)
          toast.success(MESSAGES.cartRemoved)
        } catch (error) {
          toast.error(withReason(MESSAGES.cartRemoveError, error))
        }
        return
      }
      saveLocal(readLocalCart().filter((line) => line.produit_id !== produitId))
      toast.success(MESSAGES.cartRemoved)
    },
    [user, send, saveLocal, offlineCopy, refusedOffline],
  )

  const openPanel = useCallback(() => setPanelOpen(true), [])
  const closePanel = useCallback(() => setPanelOpen(false), [])
  const stopChoosing = useCallback(() => setChoosing(null), [])

  const value = useMemo<CartContextValue>(
    () => ({
      lines,
      count: lines.reduce((n, line) => n + line.quantite, 0),
      total: lines.reduce((sum, line) => sum + line.prix * line.quantite, 0),
      isLoading: user !== null && server.isPending,
      isError: user !== null && server.isError && !offlineCopy,
      offlineCopy,
      add,
      setQuantity,
      remove,
      panelOpen,
      openPanel,
      closePanel,
      chooseQuantity: setChoosing,
      choosing,
      stopChoosing,
    }),
    [lines, user, server.isPending, server.isError, offlineCopy, add, setQuantity, remove, panelOpen, openPanel, closePanel, choosing, stopChoosing],
  )

  return <CartContext value={value}>{children}</CartContext>
}

export function useCart(): CartContextValue {
  const context = use(CartContext)
  if (!context) throw new Error('useCart must be used within a CartProvider')
  return context
}
