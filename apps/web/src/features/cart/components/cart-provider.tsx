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
import type { Panier, Produit, Variante } from '@teranga/shared/storefront-answers'
import { variantsOf } from '@/lib/variants.ts'
import { useAuth } from '@/lib/auth.tsx'
import type { ReorderAnswer } from '@teranga/shared/reorder-answer'
import { REORDER_MESSAGES } from '@teranga/shared/reorder'
import { cartQueryKey, reorderCommande, updateCartLine, useServerCart, type CartAction } from '../api/cart-api.ts'
import { accountCartCopy, localCartStore, readLocalCart, sameLine, writeLocalCart, type StoredCartLine } from '../local-cart.ts'

/** A line of the cart: a variant of a product (ADR 053 §5), its price now and its quantity. */
export interface CartLine {
  produit_id: number
  /** Null for a browser cart's line stored before variants: its product's only variant. */
  variante_id: number | null
  quantite: number
  prix: number
  produit: Produit
  variante: Variante
}

/** What names a line of the cart: its variant, or its product for an older browser line. */
export type CartLineKey = Pick<CartLine, 'produit_id' | 'variante_id'>

export interface CartContextValue {
  lines: CartLine[]
  count: number
  total: number
  isLoading: boolean
  isError: boolean
  /** The server cannot be reached: the lines are the signed-in customer's last copy, read only. */
  offlineCopy: boolean
  /**
   * Adds a quantity of a product's variant; `variant` null for a product with one variant whose
   * answer lists none (a card): the server takes its only one. Resolves to whether it was added.
   */
  add: (product: Produit, variant: Variante | null, quantite: number) => Promise<boolean>
  /** Sets a line's quantity; anything but a number above 0 is ignored (spec §4). Resolves to whether the cart now holds it. */
  setQuantity: (line: CartLineKey, quantite: number) => Promise<boolean>
  remove: (line: CartLineKey) => Promise<void>
  panelOpen: boolean
  openPanel: () => void
  closePanel: () => void
  /** Opens the add-to-cart dialog of a product card (the choice of its variant when it has several). */
  chooseQuantity: (product: Produit) => void
  /** The product whose add-to-cart dialog or choice is open, if any. */
  choosing: Produit | null
  stopChoosing: () => void
  /**
   * « Commander à nouveau » (issue 25 §5): the order's lines put back in the signed-in customer's
   * cart, then the panel opened on what could not be. Resolves to whether the server answered.
   */
  reorder: (numero: string) => Promise<boolean>
  /** What the last « Commander à nouveau » could not put in the cart, shown by the panel until it closes. */
  reorderOutcome: Pick<ReorderAnswer, 'indisponibles' | 'partiels'> | null
}

const CartContext = createContext<CartContextValue | null>(null)

export function isValidQuantity(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= CART_QUANTITY_MIN
}

function stockError(variant: Variante): Error {
  return new Error(MESSAGES.insufficientStock(variant.designation, Math.max(0, variant.quantite)))
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
  const [reorderOutcome, setReorderOutcome] = useState<CartContextValue['reorderOutcome']>(null)
  const merging = useRef(false)

  const saveLocal = useCallback((lines: StoredCartLine[]) => writeLocalCart(lines), [])

  const send = useCallback(
    async (line: CartLineKey, action: CartAction, quantite?: number): Promise<Panier> => {
      if (!user) throw new Error(MESSAGES.unauthenticated)
      const panier = await updateCartLine({
        produit: line.produit_id,
        ...(line.variante_id !== null ? { variante: line.variante_id } : {}),
        user: user.id,
        action,
        ...(quantite !== undefined ? { quantite } : {}),
      })
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
      const onServer = server.data?.panierproduits ?? []
      const told = new Set<string>()
      for (const line of local) {
        // A line stored before variants names its product only: the server takes its only variant.
        const action = onServer.some((held) => sameLine(held, line)) ? CART_ACTION.update : CART_ACTION.add
        try {
          await send(line, action, line.quantite)
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
    async (product: Produit, variant: Variante | null, quantite: number) => {
      if (!isValidQuantity(quantite) || quantite > ADD_TO_CART_MAX) return false
      if (offlineCopy) {
        refusedOffline()
        return false
      }
      if (user) {
        try {
          await send({ produit_id: product.id, variante_id: variant?.id ?? null }, CART_ACTION.add, quantite)
          toast.success(MESSAGES.cartAdded)
          return true
        } catch (error) {
          toast.error(withReason(MESSAGES.cartAddProductError, error))
          return false
        }
      }
      const current = readLocalCart()
      const key = { produit_id: product.id, variante_id: variant?.id ?? null }
      const existing = current.find((line) => sameLine(line, key))
      if (!existing && current.length >= MAX_CART_LINES) {
        toast.error(withReason(MESSAGES.cartAddProductError, new Error(MESSAGES.cartFull(MAX_CART_LINES))))
        return false
      }
      const chosen = variant ?? variantsOf(product)[0]!
      const wanted = (existing?.quantite ?? 0) + quantite
      if (wanted > chosen.quantite) {
        toast.error(withReason(MESSAGES.cartAddProductError, stockError(chosen)))
        return false
      }
      // The line keeps the variant once known (an older line of the product takes it).
      const varianteId = variant?.id ?? existing?.variante_id ?? null
      const line: StoredCartLine = {
        produit_id: product.id,
        quantite: wanted,
        prix: chosen.prix,
        produit: product,
        // A line of a product's only variant, not named, is stored as before variants.
        ...(varianteId !== null ? { variante_id: varianteId, variante: variant ?? existing?.variante ?? chosen } : {}),
      }
      const next = existing ? current.map((l) => (l === existing ? line : l)) : [...current, line]
      saveLocal(next)
      toast.success(MESSAGES.cartAdded)
      return true
    },
    [user, send, saveLocal, offlineCopy, refusedOffline],
  )

  const setQuantity = useCallback(
    async (key: CartLineKey, quantite: number) => {
      if (!isValidQuantity(quantite)) return false
      if (offlineCopy) {
        refusedOffline()
        return false
      }
      if (user) {
        try {
          await send(key, CART_ACTION.update, quantite)
          toast.success(MESSAGES.cartQuantityUpdated)
          return true
        } catch (error) {
          toast.error(withReason(MESSAGES.cartQuantityError, error))
          return false
        }
      }
      const current = readLocalCart()
      const line = current.find((l) => sameLine(l, key))
      if (!line) return false
      if (line.quantite === quantite) return true
      if (quantite > line.variante.quantite) {
        toast.error(withReason(MESSAGES.cartQuantityError, stockError(line.variante)))
        return false
      }
      saveLocal(current.map((l) => (l === line ? { ...l, quantite } : l)))
      toast.success(MESSAGES.cartQuantityUpdated)
      return true
    },
    [user, send, saveLocal, offlineCopy, refusedOffline],
  )

  const remove = useCallback(
    async (key: CartLineKey) => {
      if (offlineCopy) {
        refusedOffline()
        return
      }
      if (user) {
        try {
          await send(key, CART_ACTION.remove)
          toast.success(MESSAGES.cartRemoved)
        } catch (error) {
          toast.error(withReason(MESSAGES.cartRemoveError, error))
        }
        return
      }
      saveLocal(readLocalCart().filter((line) => !sameLine(line, key)))
      toast.success(MESSAGES.cartRemoved)
    },
    [user, send, saveLocal, offlineCopy, refusedOffline],
  )

  const reorder = useCallback(
    async (numero: string) => {
      if (offlineCopy) {
        refusedOffline()
        return false
      }
      try {
        const { panier, indisponibles, partiels } = await reorderCommande(numero)
        queryClient.setQueryData(cartQueryKey, panier)
        setReorderOutcome({ indisponibles, partiels })
        setPanelOpen(true)
        return true
      } catch (error) {
        toast.error(withReason(REORDER_MESSAGES.error, error))
        return false
      }
    },
    [queryClient, offlineCopy, refusedOffline],
  )

  const openPanel = useCallback(() => setPanelOpen(true), [])
  const closePanel = useCallback(() => {
    setPanelOpen(false)
    setReorderOutcome(null)
  }, [])
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
      reorder,
      reorderOutcome,
    }),
    [lines, user, server.isPending, server.isError, offlineCopy, add, setQuantity, remove, panelOpen, openPanel, closePanel, choosing, stopChoosing, reorder, reorderOutcome],
  )

  return <CartContext value={value}>{children}</CartContext>
}

export function useCart(): CartContextValue {
  const context = use(CartContext)
  if (!context) throw new Error('useCart must be used within a CartProvider')
  return context
}
