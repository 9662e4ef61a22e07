// Cart rules of spec §4 and DESIGN §4: actions 0 add, 1 set, 2 remove; prices always from
// the database; a quantity above the stock is a 409 naming the product; a cart holds
// MAX_CART_LINES different products at most.
import { ADD_TO_CART_MAX, CART_ACTION, MAX_CART_LINES } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/messages'
import type { CartLineInput } from '@teranga/shared/schemas'
import { conflict, notFound } from '../../lib/errors.ts'
import { toPanier } from './cart.format.ts'
import type { Executor } from '../../db/client.ts'
import { createCartRepository, type CartRepository } from './cart.repository.ts'

/**
 * The client's cart as other modules change it, on the executor they give (their transaction):
 * emptied by the order placed from it, deleted with the account (ADR 048: the cart's tables are
 * the cart module's).
 */
export function clientCart(db: Executor) {
  const repo = createCartRepository(db)
  return {
    empty: (clientId: number) => repo.empty(clientId),
    forget: (clientId: number) => repo.forget(clientId),
  }
}

export function createCartService(repo: CartRepository) {
  async function view(panier: { id: number; etat: string }, clientId: number) {
    return toPanier(panier, await repo.lines(panier.id, clientId))
  }

  return {
    async apply(clientId: number, input: CartLineInput) {
      const panier = await repo.ensureCart(clientId)
      if (input.action === CART_ACTION.remove) {
        await repo.removeLine(panier.id, input.produit)
      } else {
        const quantite = input.quantite!
        const mode = input.action === CART_ACTION.add ? 'add' : 'set'
        const accepted = await repo.upsertLine(panier.id, input.produit, quantite, mode)
        if (accepted === undefined) {
          const product = await repo.product(input.produit)
          if (!product || !product.actif) throw notFound(MESSAGES.productNotFound)
          const inCart = await repo.lineQuantity(panier.id, input.produit)
          if (inCart === 0 && (await repo.lineCount(panier.id)) >= MAX_CART_LINES) {
            const message = MESSAGES.cartFull(MAX_CART_LINES)
            throw conflict(message, { produit: [message] })
          }
          const wanted = mode === 'add' ? inCart + quantite : quantite
          // The storefront's limit per line, kept by the server too (a line adds up over several adds).
          if (wanted > ADD_TO_CART_MAX) throw conflict(MESSAGES.quantityMax, { quantite: [MESSAGES.quantityMax] })
          const message = MESSAGES.insufficientStock(product.designation, product.quantite)
          throw conflict(message, { quantite: [message] }).withDetails({
            produit: product.id,
            disponible: product.quantite,
            demande: wanted,
          })
        }
      }
      return { panier: await view(panier, clientId) }
    },

    /** The client's cart as a list (spec §7 `paniers`): empty until the first line is added. */
    async carts(clientId: number) {
      const panier = await repo.findCart(clientId)
      return panier ? [await view(panier, clientId)] : []
    },
  }
}

export type CartService = ReturnType<typeof createCartService>
