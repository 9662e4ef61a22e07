// What every module's REST routes share: zod for bodies, params and answers (scoped to the
// routes, so Mercurius keeps its own JSON schemas), the error shape, and the page shape.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'

/**
 * A module's routes mounted under `/api`, in their own scope with the zod compilers: answers
 * are checked against the declared response schema and carry only its fields. A route that
 * declares no response schema stops the server from starting.
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

/** The paginated answer of DESIGN §4 (lib/pagination.ts). */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    metadata: z.object({ total: z.number(), per_page: z.number(), current_page: z.number(), last_page: z.number() }),
    data: z.array(item),
  })

/** Images as `mediaFields` gives them (packages/shared/media). */
export const mediaSchema = { image: z.string().nullable(), imagesrcset: z.string().nullable() }

/** `:numero` of the order routes (orders and payments), checked before any lookup. */
export const orderNumberParams = z.object({ numero: z.string().regex(/^[\w-]{4,40}$/) })
