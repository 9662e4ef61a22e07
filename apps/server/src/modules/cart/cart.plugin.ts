// The cart module: one server cart per signed-in client, priced from the catalogue.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerRest } from '../../lib/rest.ts'
import { cartGraphql } from './cart.graphql.ts'
import { createCartRepository } from './cart.repository.ts'
import cartRoutes from './cart.routes.ts'
import { createCartService, type CartService } from './cart.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The cart, for the modules that read it (a discount code tried on it). */
    cart: CartService
  }
}

async function cart(app: FastifyInstance) {
  const service = createCartService(createCartRepository(app.db))
  app.decorate('cart', service)
  app.addGraphqlModule(cartGraphql(service))
  await registerRest(app, cartRoutes, { service })
}

export default fp(cart, { name: 'cart', dependencies: ['database', 'graphql-modules', 'catalogue'] })
