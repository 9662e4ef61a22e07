// The spec's generic read form for public resources: GET /api/{resource} and
// GET /api/{resource}/{id}, answered from the same services GraphQL uses.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { idSchema } from '@teranga/shared/schemas'
import { MESSAGES } from '@teranga/shared/server-messages'
import { notFound } from './errors.ts'
import { errorResponses } from './rest.ts'

/** \`item\` is the answer's schema: each row is checked against it and carries only its fields. */
export function readResource<T extends { id: number }>(
  app: FastifyInstance,
  name: string,
  item: z.ZodType<T>,
  list: () => Promise<T[]>,
  get?: (id: number) => Promise<T | undefined>,
) {
  app.get(`/${name}`, { schema: { response: { 200: z.array(item), ...errorResponses } } }, () => list())
  app.get<{ Params: { id: number } }>(
    `/${name}/:id`,
    { schema: { params: z.object({ id: idSchema }), response: { 200: item, ...errorResponses } } },
    async (request) => {
      const found = get ? await get(request.params.id) : (await list()).find((row) => row.id === request.params.id)
      if (!found) throw notFound(MESSAGES.notFound)
      return found
    },
  )
}
