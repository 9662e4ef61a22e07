// What every module's REST routes share: zod schemas for bodies, params and answers (the
// compilers scoped to the routes, so Mercurius keeps its own), the error and page shapes.
import type { FastifyInstance, FastifyPluginAsync, FastifySerializerCompiler } from 'fastify'
import fastJson from 'fast-json-stringify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'

/**
 * Answers are written by fast-json-stringify from the JSON Schema of the declared zod schema,
 * as Fastify does for its own schemas: only declared fields go out, a missing required one is
 * a 500. (Checking every answer with zod instead cost 5 times JSON.stringify on a product page.)
 */
const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) =>
  fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as Parameters<typeof fastJson>[0])

/**
 * A module's routes mounted under `/api`, in their own scope: bodies and params checked by
 * zod, answers written from their declared schema and carrying only its fields. A route that
 * declares no success answer stops the server from starting.
 */
export async function registerRest<O extends Record<string, unknown>>(app: FastifyInstance, routes: FastifyPluginAsync<O>, opts: O) {
  await app.register(
    async (rest) => {
      rest.setValidatorCompiler(validatorCompiler)
      rest.setSerializerCompiler(serializerCompiler)
      rest.addHook('onRoute', (route) => {
        const response = route.schema?.response as Record<string, unknown> | undefined
        if (!response || !Object.keys(response).some((code) => code.startsWith('2'))) {
          throw new Error(`${String(route.method)} ${route.url} declares no response schema`)
        }
      })
      await rest.register(routes, opts)
    },
    { prefix: '/api' },
  )
}

/** Every error answer (lib/errors.ts, plugins/error-handler.ts); extra facts pass through. */
export const errorSchema = z.looseObject({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
})

/** Declared on every route beside its success shapes. */
export const errorResponses = { '4xx': errorSchema, '5xx': errorSchema } as const

export const messageSchema = z.object({ message: z.string() })

/** The paginated answer of DESIGN §4 (lib/pagination.ts), the storefront's `Page<T>`. */
export { pageSchema } from '@teranga/shared/storefront-answers'

/** `:numero` of the order routes (orders and payments), checked before any lookup. */
export const orderNumberParams = z.object({ numero: z.string().regex(/^[\w-]{4,40}$/) })
