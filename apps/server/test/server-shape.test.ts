// The server's shape (ADR 015): REST routes declare their answers, and an answer carries
// exactly the declared fields.
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { errorResponses, registerRest } from '../src/lib/rest.ts'

describe('registerRest', () => {
  it('refuses a route that declares no success answer', async () => {
    const app = Fastify()
    await expect(
      registerRest(app, async (api) => {
        api.get('/sans-schema', { schema: { response: { ...errorResponses } } }, async () => ({ ok: true }))
      }, {}),
    ).rejects.toThrow('GET /api/sans-schema declares no response schema')
    await app.close()
  })

  it('sends only the declared fields, and refuses to send an answer missing one', async () => {
    const app = Fastify()
    await registerRest(
      app,
      async (api) => {
        api.get(
          '/produit/:id',
          { schema: { params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: z.object({ id: z.number() }), ...errorResponses } } },
          async (request) => {
            const { id } = request.params as { id: number }
            return id === 4 ? { secret: 'interne' } : { id, secret: 'interne' }
          },
        )
      },
      {},
    )
    const ok = await app.inject({ url: '/api/produit/3' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ id: 3 })
    const bad = await app.inject({ url: '/api/produit/abc' })
    expect(bad.statusCode).toBe(400)
    // An answer missing a declared field is the server's fault, never a partial answer.
    const incomplete = await app.inject({ url: '/api/produit/4' })
    expect(incomplete.statusCode).toBe(500)
    expect(incomplete.body).not.toContain('interne')
    await app.close()
  })
})
