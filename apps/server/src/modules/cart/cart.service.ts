// Cart rules of spec §4, DESIGN §4 and ADR 053 §4: actions 0 add, 1 set, 2 remove, each on a
// variant (the product's only one when none is named); prices always from the database; a
// quantity above the stock is a 409 naming the variant; a cart holds MAX_CART_LINES lines at most.
import { ADD_TO_CART_MAX, CART_ACTION, MAX_CART_LINES } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/server-messages'
import type { CartLineInput } from '@teranga/shared/schemas'
import { badInput, conflict, notFound } from '../../lib/errors.ts'
import type { ReorderAnswer } from '@teranga/shared/reorder-answer'
import { toPanier, type Panier } from './cart.format.ts'
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

  /**
   * The variant a request names, for a refusal or a removal: `varianteId` when it is one of the
   * product's live variants, else the product's only live variant; 404 for a product not on
   * sale, 400 on `variante` otherwise (ADR 053 §4).
   */
  async function variantOf(produitId: number, varianteId: number | undefined, forRemoval = false) {
    const { product, variants } = await repo.productAndVariants(produitId, varianteId)
    if (!product || (!product.actif && !forRemoval)) throw notFound(MESSAGES.productNotFound)
    if (varianteId !== undefined) {
      const variant = variants[0]
      // A withdrawn variant's line can still be taken out of the cart.
      if (!variant || variant.produitId !== produitId || (!variant.actif && !forRemoval)) {
        throw badInput(MESSAGES.varianteUnknown, { variante: [MESSAGES.varianteUnknown] })
      }
      return variant
    }
    if (variants.length > 1) throw badInput(MESSAGES.varianteRequired, { variante: [MESSAGES.varianteRequired] })
    return variants[0]
  }

  return {
    async apply(clientId: number, input: CartLineInput) {
      const panier = await repo.ensureCart(clientId)
      if (input.action === CART_ACTION.remove) {
        // Without a variant: the product's lines, once it is sure the product has only one live variant.
        await variantOf(input.produit, input.variante, true)
        await repo.removeLines(panier.id, input.produit, input.variante)
      } else {
        const quantite = input.quantite!
        const mode = input.action === CART_ACTION.add ? 'add' : 'set'
        const accepted = await repo.upsertLine(panier.id, input.produit, input.variante, quantite, mode)
        if (accepted === undefined) {
          const variant = await variantOf(input.produit, input.variante)
          if (!variant) throw notFound(MESSAGES.productNotFound)
          const inCart = await repo.lineQuantity(panier.id, variant.id)
          if (inCart === 0 && (await repo.lineCount(panier.id)) >= MAX_CART_LINES) {
            const message = MESSAGES.cartFull(MAX_CART_LINES)
            throw conflict(message, { produit: [message] })
          }
          const wanted = mode === 'add' ? inCart + quantite : quantite
          // The storefront's limit per line, kept by the server too (a line adds up over several adds).
          if (wanted > ADD_TO_CART_MAX) throw conflict(MESSAGES.quantityMax, { quantite: [MESSAGES.quantityMax] })
          const message = MESSAGES.insufficientStock(variant.designation, variant.quantite)
          throw conflict(message, { quantite: [message] }).withDetails({
            produit: input.produit,
            variante: variant.id,
            disponible: variant.quantite,
            demande: wanted,
          })
        }
      }
      return { panier: await view(panier, clientId) }
    },

    /**
     * « Commander à nouveau » (issue 25 §5, ADR 057): each line of the client's order `numero`
     * brought to at least the order's quantity in the cart, within today's stock, the line limit
     * and MAX_CART_LINES; never more than that, so pressing twice does not double the cart.
     * Prices are today's, as always in the cart. 404 for an order that is not the client's.
     */
    async reorder(clientId: number, numero: string): Promise<Omit<ReorderAnswer, 'panier'> & { panier: Panier }> {
      const existing = await repo.findCart(clientId)
      const lines = await repo.orderLinesToReorder(numero, clientId, existing?.id)
      if (!lines) throw notFound(MESSAGES.orderNotFound)
      const panier = existing ?? (await repo.ensureCart(clientId))
      const indisponibles: ReorderAnswer['indisponibles'] = []
      const partiels: ReorderAnswer['partiels'] = []
      for (const line of lines) {
        const named = { produit: line.produitId, variante: line.varianteId, designation: line.designation }
        if (line.varianteId === null || !line.onSale) {
          indisponibles.push({ ...named, motif: 'indisponible' })
          continue
        }
        const target = Math.max(line.inCart, Math.min(line.quantite, line.stock, ADD_TO_CART_MAX))
        if (target === 0) {
          indisponibles.push({ ...named, motif: 'rupture' })
          continue
        }
        let now = line.inCart
        if (target > line.inCart) {
          const accepted = await repo.upsertLine(panier.id, line.produitId, line.varianteId, target, 'set')
          if (accepted === undefined) {
            // Refused by the statement itself: the cart is full, or the stock moved meanwhile.
            const full = line.inCart === 0 && (await repo.lineCount(panier.id)) >= MAX_CART_LINES
            if (line.inCart === 0) {
              indisponibles.push({ ...named, motif: full ? 'panier_plein' : 'rupture' })
              continue
            }
          } else now = accepted
        }
        if (now < line.quantite) partiels.push({ ...named, variante: line.varianteId, demande: line.quantite, ajoute: now })
      }
      return { panier: await view(panier, clientId), indisponibles, partiels }
    },

    /** The client's cart as a list (spec §7 `paniers`): empty until the first line is added. */
    async carts(clientId: number) {
      const panier = await repo.findCart(clientId)
      return panier ? [await view(panier, clientId)] : []
    },
  }
}

export type CartService = ReturnType<typeof createCartService>
