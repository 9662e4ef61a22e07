// The promotions module (issue 19 §1): discount codes, their rules and uses. Sale prices live on
// the products (the catalogue's projection reads them); the order lifecycle applies a code in
// the order's transaction through what this module registers with it (ADR 049).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { PROMO_CHECKS_PER_ADDRESS_PER_MINUTE } from '@teranga/shared/promotions'
import { registerRest } from '../../lib/rest.ts'
import { discountCodes, promotionsOnOrders } from './promotions.order-participant.ts'
import promotionsRoutes from './promotions.routes.ts'
import { createPromotionsRepository } from './promotions.repository.ts'
import { createPromotionsService } from './promotions.service.ts'

async function promotions(app: FastifyInstance, opts: { checksPerAddress?: number | undefined } = {}) {
  const service = createPromotionsService({
    db: app.db,
    repo: createPromotionsRepository(app.db),
    audit: app.audit,
    cartLines: async (clientId) =>
      (await app.cart.carts(clientId)).flatMap((panier) =>
        panier.panierproduits.map((line) => ({ prix: line.prix, quantite: line.quantite, souscategorieId: line.produit.souscategorie.id })),
      ),
  })
  app.orderParticipants.add(promotionsOnOrders)
  app.orderParticipants.provide('codes', discountCodes)
  await registerRest(app, promotionsRoutes, { service, checksPerAddress: opts.checksPerAddress ?? PROMO_CHECKS_PER_ADDRESS_PER_MINUTE })
}

export default fp(promotions, { name: 'promotions', dependencies: ['database', 'shared-limits', 'audit', 'cart'] })
