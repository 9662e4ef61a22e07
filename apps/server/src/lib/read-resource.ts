// The spec's generic read form for public resources: GET /api/{resource} and
// GET /api/{resource}/{id}, answered from the same services GraphQL uses.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idSchema } from '@teranga/shared/schemas'
import { MESSAGES } from '@teranga/shared/messages'
import { notFound } from './errors.ts'

export function readResource<T extends { id: number }>(
  app: FastifyInstance,
  name: string,
  list: () => Promise<T[]>,
  get?: (id: number) => Promise<T | undefined>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.get(`/${name}`, {}, () => list())
  api.get(`/${name}/:id`, { schema: { params: z.object({ id: idSchema }) } }, async (request) => {
    const found = get ? await get(request.params.id) : (await list()).find((item) => item.id === request.params.id)
    if (!found) throw notFound(MESSAGES.notFound)
    return found
  })
}
