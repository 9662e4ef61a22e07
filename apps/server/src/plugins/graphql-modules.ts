// Where modules hand in their part of the one GraphQL schema (types, resolvers, public
// queries). The graphql plugin, registered after the modules, serves them all together.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { GraphqlModule } from './graphql.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The parts handed in so far, in registration order. */
    graphqlModules: GraphqlModule[]
    addGraphqlModule(module: GraphqlModule): void
  }
}

async function graphqlModules(app: FastifyInstance) {
  const modules: GraphqlModule[] = []
  app.decorate('graphqlModules', modules)
  app.decorate('addGraphqlModule', (module: GraphqlModule) => {
    modules.push(module)
  })
}

export default fp(graphqlModules, { name: 'graphql-modules' })
