// GraphQL at POST /graphql (Mercurius): the modules' schemas merged, the request's client in
// the context, depth and cost limits, and errors with `extensions.code` and French messages.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { GraphQLError } from 'graphql'
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity'
import mercurius, { type IResolvers } from 'mercurius'
import { responseCache } from './graphql-response-cache.ts'
import { MAX_PAGE_SIZE } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/messages'
import { AppError } from '../lib/errors.ts'
import type { TokenOwner } from '../modules/auth/auth.repository.ts'

export interface GraphqlContext {
  user: TokenOwner | null
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each resolver types its own root, args and info
type Resolver = (root: any, args: any, ctx: GraphqlContext & Record<string, any>, info: any) => unknown
export interface GraphqlModule {
  schema: string
  /** Query fields anyone may read and whose anonymous answers are the same for every visitor. */
  publicQueries?: readonly string[]
  resolvers: { Query?: Record<string, Resolver>; Mutation?: Record<string, Resolver> } & Record<string, Record<string, Resolver>>
}

const baseSchema = /* GraphQL */ `
  type Metadata {
    total: Int!
    per_page: Int!
    current_page: Int!
    last_page: Int!
  }
  type Query {
    "Always true: lets a client check that the API answers."
    ping: Boolean!
  }
  type Mutation {
    ping: Boolean!
  }
`

export const MAX_DEPTH = 8
export const MAX_COMPLEXITY = 3000

// A list field with `count` costs its children once per requested row; others cost 1 + children.
const paginatedEstimator: ComplexityEstimator = ({ args, childComplexity }) => {
  const count = typeof args.count === 'number' ? Math.min(Math.max(args.count, 1), MAX_PAGE_SIZE) : null
  return count ? 1 + count * childComplexity : 1 + childComplexity
}

function toGraphqlError(error: GraphQLError, log: FastifyInstance['log']) {
  const original = error.originalError
  if (original instanceof AppError) {
    return {
      message: original.message,
      path: error.path,
      extensions: { code: original.code, ...(original.errors ? { errors: original.errors } : {}) },
    }
  }
  // A resolver failure has a path; errors without one are about the request itself
  // (syntax, validation, variable coercion) and are the client's to fix.
  if (error.path && original && !(original instanceof GraphQLError)) {
    log.error({ err: original }, 'graphql resolver failed')
    return { message: MESSAGES.internalError, path: error.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } }
  }
  const message = /query depth/i.test(error.message) ? MESSAGES.queryTooDeep : MESSAGES.graphqlInvalid
  // graphql-js explains syntax and validation problems in English: kept as a detail.
  return { message, locations: error.locations, extensions: { code: 'BAD_USER_INPUT', detail: error.message } }
}

async function graphql(app: FastifyInstance, opts: { modules: GraphqlModule[]; cacheTtlSeconds: number }) {
  const resolvers: Record<string, Record<string, Resolver>> = {
    Query: { ping: () => true },
    Mutation: { ping: () => true },
  }
  for (const module of opts.modules) {
    for (const [type, fields] of Object.entries(module.resolvers)) resolvers[type] = { ...resolvers[type], ...fields }
  }

  await app.register(mercurius, {
    schema: [baseSchema, ...opts.modules.map((m) => m.schema)].join('\n'),
    resolvers: resolvers as IResolvers,
    path: '/graphql',
    graphiql: false,
    jit: 1,
    queryDepth: MAX_DEPTH,
    context: (request) => ({ user: request.user }),
    errorFormatter: (execution) => {
      // Mercurius wraps validation and depth failures in one error carrying the real ones.
      const flat = (execution.errors ?? []).flatMap((e) => {
        const inner = (e.originalError as { errors?: unknown } | undefined)?.errors
        return Array.isArray(inner) ? inner.map((i) => (i instanceof GraphQLError ? i : new GraphQLError(String(i?.message ?? i)))) : [e]
      })
      const errors = flat.map((e) => toGraphqlError(e, app.log))
      const hasData = execution.data !== undefined && execution.data !== null
      // Syntax, validation, depth and cost failures have no data: a 400. Resolver errors ride on a 200.
      const statusCode = hasData || errors.some((e) => e.path) ? 200 : 400
      return { statusCode, response: { data: execution.data ?? null, errors } }
    },
  })

  if (opts.cacheTtlSeconds > 0) {
    const rootFields = new Set(opts.modules.flatMap((m) => m.publicQueries ?? []))
    responseCache(app, { ttlMs: opts.cacheTtlSeconds * 1000, rootFields })
  }

  // Cost is checked before execution (after Mercurius's cached validation), with the
  // request's variables, so `count: $n` is priced at its real value.
  app.graphql.addHook('preExecution', async (schema, document, _context, variables) => {
    const complexity = getComplexity({
      schema,
      query: document,
      variables: (variables ?? {}) as Record<string, unknown>,
      estimators: [paginatedEstimator],
    })
    if (complexity > MAX_COMPLEXITY) throw new AppError(400, 'BAD_USER_INPUT', MESSAGES.queryTooComplex)
  })
}

export default fp(graphql, { name: 'graphql', dependencies: ['authentication'] })
