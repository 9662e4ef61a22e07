// GraphQL at /graphql (Mercurius): POST, and GET for reads with persisted documents (ADR 063);
// the modules' schemas merged, the request's client in the context, limits a hostile visitor
// meets (size, aliases, mutations, depth, cost, rate; ADR 014), and errors with
// `extensions.code` and French messages.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { GraphQLError, Kind, getOperationAST, visit, type DocumentNode, type GraphQLScalarType, type ValidationRule, type ValueNode } from 'graphql'
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity'
import mercurius, { type IResolvers } from 'mercurius'
import { persistedQueries } from './graphql-persisted-queries.ts'
import { responseCache } from './graphql-response-cache.ts'
import { unstorableField } from './input-text.ts'
import { MAX_PAGE_SIZE } from '@teranga/shared/constants'
import { GRAPHQL_GET_MESSAGES } from '@teranga/shared/graphql-get-messages'
import { MESSAGES } from '@teranga/shared/server-messages'
import { isStorableText } from '@teranga/shared/schemas'
import { AppError, replyEarly } from '../lib/errors.ts'
import { BY_FASTIFY_CODE } from './error-handler.ts'
import type { TokenOwner } from '../modules/auth/auth.service.ts'

export interface GraphqlContext {
  user: TokenOwner | null
  /** The caller's address (absent for the storefront's in-process reads). */
  ip?: string
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each resolver types its own root, args and info
type Resolver = (root: any, args: any, ctx: GraphqlContext & Record<string, any>, info: any) => unknown
export interface GraphqlModule {
  schema: string
  /** Query fields anyone may read and whose anonymous answers are the same for every visitor. */
  publicQueries?: readonly string[]
  /**
   * Rows an unpaginated list field (`Type.field`) answers at most, so that its cost is its
   * real size: `{ b0: produitplusvus {…} … b999: … }` is priced per product shown.
   */
  listSizes?: Readonly<Record<string, number>>
  resolvers: { Query?: Record<string, Resolver>; Mutation?: Record<string, Resolver> } & Record<string, Record<string, Resolver>>
  /** The module's custom scalars, by name. */
  scalars?: Record<string, GraphQLScalarType>
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

/** A page of `type` (`<type>Page`): DESIGN §4's paginated answer, lib/pagination.ts's `Page`, for every paginated query. */
export const pageType = (type: string) => /* GraphQL */ `
  type ${type}Page {
    metadata: Metadata!
    data: [${type}!]!
  }
`

export const MAX_DEPTH = 8
export const MAX_COMPLEXITY = 3000
/** The storefront's largest document is under 1 KB. */
export const MAX_QUERY_LENGTH = 10_000
/** Aliases let one request ask the same field many times: the storefront uses 2. */
export const MAX_ALIASES = 20
/** Root fields of one mutation operation (the storefront sends one). */
export const MAX_MUTATIONS = 5

// A list field with `count` costs its children once per requested row, an unpaginated list
// once per row it can answer (`listSizes`); other fields cost 1 + children.
function costEstimator(listSizes: ReadonlyMap<string, number>): ComplexityEstimator {
  return ({ args, childComplexity, field, type }) => {
    const count = typeof args.count === 'number' ? Math.min(Math.max(args.count, 1), MAX_PAGE_SIZE) : null
    const rows = count ?? listSizes.get(`${type.name}.${field.name}`) ?? 1
    return 1 + rows * childComplexity
  }
}

/** The first string argument a document spells that the database could not store, as its argument's name. */
function unstorableArgument(document: DocumentNode): string | undefined {
  const holds = (value: ValueNode): boolean =>
    value.kind === Kind.STRING
      ? !isStorableText(value.value)
      : value.kind === Kind.LIST
        ? value.values.some(holds)
        : value.kind === Kind.OBJECT
          ? value.fields.some((f) => holds(f.value))
          : false
  let found: string | undefined
  visit(document, {
    Argument(node) {
      if (found === undefined && holds(node.value)) found = node.name.value
    },
  })
  return found
}

// graphql's own NoSchemaIntrospectionCustomRule checks types by identity, and Mercurius loads
// the CommonJS copy of graphql while this file gets the ES module one: matched by name instead.
const noIntrospection: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value === '__schema' || node.name.value === '__type') {
      context.reportError(new GraphQLError(`GraphQL introspection has been disabled (${node.name.value})`, { nodes: node }))
    }
  },
})

const badText = (field: string) =>
  new AppError(400, 'BAD_USER_INPUT', MESSAGES.textInvalidCharacters, { [field]: [MESSAGES.textInvalidCharacters] })

/** Mercurius's own refusals of a request, in French, with the codes clients know (Apollo's for persisted queries). */
const MERCURIUS_REFUSALS: Record<string, { message: string; code: string; status: number }> = {
  MER_ERR_METHOD_NOT_ALLOWED: { message: GRAPHQL_GET_MESSAGES.graphqlGetReadOnly, code: 'METHOD_NOT_ALLOWED', status: 405 },
  MER_ERR_GQL_PERSISTED_QUERY_NOT_FOUND: { message: GRAPHQL_GET_MESSAGES.persistedQueryNotFound, code: 'PERSISTED_QUERY_NOT_FOUND', status: 400 },
  MER_ERR_GQL_PERSISTED_QUERY_NOT_SUPPORTED: { message: GRAPHQL_GET_MESSAGES.persistedQueryUnsupported, code: 'PERSISTED_QUERY_NOT_SUPPORTED', status: 400 },
  MER_ERR_GQL_PERSISTED_QUERY_MISMATCH: { message: GRAPHQL_GET_MESSAGES.persistedQueryMismatch, code: 'BAD_USER_INPUT', status: 400 },
}

/** Mercurius's refusal `error` is, if any. A request without any document is also « not found » there: an invalid request here. */
function mercuriusRefusal(error: GraphQLError) {
  const original = (error.originalError ?? error) as { code?: string; message?: string }
  if (original.code === 'MER_ERR_GQL_PERSISTED_QUERY_NOT_FOUND' && original.message !== GRAPHQL_GET_MESSAGES.persistedQueryNotFound) return undefined
  return MERCURIUS_REFUSALS[original.code ?? '']
}

/**
 * A mutation only by POST. Mercurius refuses it when the method is exactly GET, but Fastify
 * answers HEAD with the same handler (and Caddy retries GET and HEAD): any other method is
 * refused here, before execution, with the same French 405 as Mercurius's GET refusal.
 * In-process calls (`app.graphql()`, no reply) are not HTTP requests and are not concerned.
 */
function refuseMutationUnlessPost(document: DocumentNode, context: { reply?: { request: FastifyRequest } }) {
  const request = context.reply?.request
  if (!request || request.method === 'POST') return
  const named = (request.query as { operationName?: unknown } | undefined)?.operationName
  const operationName = typeof named === 'string' && named !== '' ? named : undefined
  const operation = getOperationAST(document, operationName)
  // No single operation (several unnamed, or the name matches none): refused if any is a mutation.
  const mutates = operation
    ? operation.operation !== 'query'
    : document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION && d.operation !== 'query')
  if (mutates) throw Object.assign(new Error(GRAPHQL_GET_MESSAGES.graphqlGetReadOnly), { code: 'MER_ERR_METHOD_NOT_ALLOWED' })
}

function toGraphqlError(error: GraphQLError, log: FastifyInstance['log']) {
  const original = error.originalError
  const refusal = mercuriusRefusal(error)
  if (refusal) return { message: refusal.message, extensions: { code: refusal.code, status: refusal.status } }
  // Fastify refused the HTTP request itself (body too large, content type): its French message.
  const fastify = BY_FASTIFY_CODE[((original ?? error) as { code?: string }).code ?? '']
  if (fastify) return { message: fastify.message, extensions: { code: 'BAD_USER_INPUT', status: fastify.status } }
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
  const message = /query depth/i.test(error.message)
    ? MESSAGES.queryTooDeep
    : /introspection has been disabled/i.test(error.message)
      ? MESSAGES.introspectionDisabled
      : MESSAGES.graphqlInvalid
  // graphql-js explains syntax and validation problems in English (with « Did you mean … » hints
  // that spell out the schema): the client gets the French message, developers the explanation
  // in the log.
  log.debug({ graphqlError: error.message }, 'graphql request refused')
  return { message, locations: error.locations, extensions: { code: 'BAD_USER_INPUT' } }
}

export interface GraphqlOptions {
  modules: GraphqlModule[]
  cacheTtlSeconds: number
  /** Requests per minute, per customer when signed in, else per address. */
  rateLimit: number
  /** Introspection (development and tests only). */
  introspection: boolean
}

async function graphql(app: FastifyInstance, opts: GraphqlOptions) {
  const resolvers: Record<string, Record<string, Resolver>> = {
    Query: { ping: () => true },
    Mutation: { ping: () => true },
  }
  for (const module of opts.modules) {
    for (const [type, fields] of Object.entries(module.resolvers)) resolvers[type] = { ...resolvers[type], ...fields }
  }
  const scalars = Object.assign({}, ...opts.modules.map((m) => m.scalars ?? {})) as Record<string, GraphQLScalarType>

  const persisted = persistedQueries({ maxQueryLength: MAX_QUERY_LENGTH })
  await app.register(mercurius, {
    schema: [baseSchema, ...opts.modules.map((m) => m.schema)].join('\n'),
    resolvers: { ...resolvers, ...scalars } as IResolvers,
    path: '/graphql',
    graphiql: false,
    jit: 1,
    persistedQueryProvider: persisted.provider as never,
    queryDepth: MAX_DEPTH,
    validationRules: opts.introspection ? [] : [noIntrospection],
    context: (request): GraphqlContext => ({ user: request.user, ip: request.ip }),
    errorFormatter: (execution) => {
      // Mercurius wraps validation and depth failures in one error carrying the real ones.
      const flat = (execution.errors ?? []).flatMap((e) => {
        if (mercuriusRefusal(e)) return [e]
        const inner = (e.originalError as { errors?: unknown } | undefined)?.errors
        return Array.isArray(inner) ? inner.map((i) => (i instanceof GraphQLError ? i : new GraphQLError(String(i?.message ?? i)))) : [e]
      })
      const errors = flat.map((e) => toGraphqlError(e, app.log))
      const hasData = execution.data !== undefined && execution.data !== null
      // Syntax, validation, depth and cost failures have no data: a 400. Resolver errors ride on a 200.
      const refusedRequest = errors.find((e) => 'status' in e.extensions)?.extensions as { status?: number } | undefined
      const statusCode = refusedRequest?.status ?? (hasData || errors.some((e) => 'path' in e && e.path) ? 200 : 400)
      for (const e of errors) delete (e.extensions as { status?: number }).status
      return { statusCode, response: { data: execution.data ?? null, errors } }
    },
  })

  // Per customer when signed in (the authentication hook ran before this one), else per
  // address with a ceiling many visitors behind one carrier address can share.
  const limit = app.createRateLimit({
    max: opts.rateLimit,
    timeWindow: 60_000,
    keyGenerator: (request) => (request.user ? `graphql:client:${request.user.id}` : `graphql:ip:${request.ip}`),
  })
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== '/graphql') return
    const verdict = await limit(request)
    if (verdict.isAllowed || !verdict.isExceeded) return
    return replyEarly(request, reply.header('retry-after', verdict.ttlInSeconds), new AppError(429, 'TOO_MANY_REQUESTS', MESSAGES.tooManyRequests))
  })

  // Kept in memory only with a TTL; GET answers carry their HTTP caching headers either way.
  const rootFields = new Set(opts.modules.flatMap((m) => m.publicQueries ?? []))
  const cache = responseCache(app, { ttlMs: opts.cacheTtlSeconds * 1000, rootFields, maxQueryLength: MAX_QUERY_LENGTH, documentOf: persisted.documentOf })
  // A catalogue write empties it at once (plugins/database-notifications.ts).
  if (app.hasDecorator('catalogueCaches')) app.catalogueCaches.add(cache.clear)

  // Size first, before parsing; aliases, mutations and unstorable text before validation,
  // whose cost grows with the square of repeated fields; cost last, once valid.
  app.graphql.addHook('preParsing', async (_schema, source) => {
    if (source.length > MAX_QUERY_LENGTH) throw new AppError(400, 'BAD_USER_INPUT', MESSAGES.queryTooLong)
  })
  app.graphql.addHook('preValidation', async (_schema, document) => {
    let aliases = 0
    visit(document, {
      Field(node) {
        if (node.alias) aliases++
      },
    })
    if (aliases > MAX_ALIASES) throw new AppError(400, 'BAD_USER_INPUT', MESSAGES.queryTooManyAliases(MAX_ALIASES))
    for (const definition of document.definitions) {
      if (definition.kind === Kind.OPERATION_DEFINITION && definition.operation === 'mutation' && definition.selectionSet.selections.length > MAX_MUTATIONS) {
        throw new AppError(400, 'BAD_USER_INPUT', MESSAGES.tooManyMutations(MAX_MUTATIONS))
      }
    }
    const argument = unstorableArgument(document)
    if (argument) throw badText(argument)
  })

  const listSizes = new Map(opts.modules.flatMap((m) => Object.entries(m.listSizes ?? {})))
  const estimators = [costEstimator(listSizes)]
  // A document's cost with the same variables does not change: kept per document (Mercurius
  // hands the same parsed document for the same text while its own cache holds it) and per
  // short variables, at most COSTS_KEPT each, instead of walking the document on every request.
  const costs = new WeakMap<DocumentNode, Map<string, number>>()
  const COSTS_KEPT = 100
  // Cost is checked before execution (after Mercurius's cached validation), with the
  // request's variables, so `count: $n` is priced at its real value.
  app.graphql.addHook('preExecution', async (schema, document, context, variables) => {
    refuseMutationUnlessPost(document, context)
    // HTTP inputs were checked by the input-text plugin; this covers in-process callers too.
    const variable = unstorableField(variables ?? {})
    if (variable) throw badText(variable)
    const key = JSON.stringify(variables ?? {})
    let kept = costs.get(document)
    let complexity = kept?.get(key)
    if (complexity === undefined) {
      complexity = getComplexity({ schema, query: document, variables: (variables ?? {}) as Record<string, unknown>, estimators })
      if (key.length <= 200) {
        if (!kept) costs.set(document, (kept = new Map()))
        if (kept.size >= COSTS_KEPT) kept.clear()
        kept.set(key, complexity)
      }
    }
    if (complexity > MAX_COMPLEXITY) throw new AppError(400, 'BAD_USER_INPUT', MESSAGES.queryTooComplex)
  })
}

export default fp(graphql, { name: 'graphql', dependencies: ['authentication'] })
