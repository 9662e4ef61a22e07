// The catalogue's GET reads behind Debian's Caddy with the settings of deploy/Caddyfile (only
// its addresses changed; issue 27 §1, ADR 063): the same grid twice gives 304 on If-None-Match,
// compressed or not; a signed-in answer is never cacheable; the spec's POST still answers; a GET
// that an instance drops mid-request is retried on another one, a POST is not.
import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { STOREFRONT_QUERIES } from '@teranga/shared/storefront-queries'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../src/lib/auth-emulator.ts'
import { sha256 } from '../src/plugins/graphql-persisted-queries.ts'
import { PUBLIC_CACHE_CONTROL } from '../src/plugins/graphql-response-cache.ts'
import { makeProducts } from './factories.ts'
import { createTestApp, signIn, type SignedIn, type TestContext } from './helpers.ts'
import { startShippedCaddy, type ShippedCaddy } from './shipped-caddy.ts'

let ctx: TestContext
let workDir: string
let caddy: ShippedCaddy | undefined
let proxy: string
/** An instance that answers /ready, then drops every other request without answering (a crash mid-request). */
let dropping: http.Server
let dropped = 0
let customer: SignedIn

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The grid's first page as the storefront asks it. */
const gridUrl = () =>
  `${proxy}/graphql?${new URLSearchParams({
    variables: JSON.stringify({ count: 12, page: 1 }),
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256(STOREFRONT_QUERIES.produits) } }),
  })}`

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teranga-get-proxy-'))
  ctx = await createTestApp()
  await makeProducts(ctx.db, 14)
  customer = await signIn(ctx.app)
  // The two upstreams take ports the system gives them; only Caddy's is chosen beforehand.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  const appPort = (ctx.app.server.address() as AddressInfo).port
  dropping = http.createServer((request, response) => {
    if (request.url === '/ready') return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}')
    dropped++
    request.socket.destroy()
  })
  await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve))
  const droppingPort = (dropping.address() as AddressInfo).port
  const caddyPort = await freePort()

  proxy = `http://127.0.0.1:${caddyPort}`
  caddy = await startShippedCaddy(workDir, proxy, [`127.0.0.1:${appPort}`, `127.0.0.1:${droppingPort}`])
  // Both upstreams pass the active health check once Caddy answers /ready through them.
  const deadline = Date.now() + 30_000
  for (;;) {
    const res = await fetch(`${proxy}/ready`).catch(() => undefined)
    if (res?.status === 200) break
    if (Date.now() > deadline || !caddy.running()) throw new Error(`Caddy did not start: ${caddy.output()}`)
    await sleep(200)
  }
  await sleep(2500)
}, 90_000)

afterAll(async () => {
  await caddy?.stop()
  await new Promise((resolve) => dropping?.close(resolve))
  await ctx?.close()
  if (workDir) await fs.rm(workDir, { recursive: true, force: true })
}, 30_000)

describe('behind Caddy', () => {
  it('the same grid GET twice: 304 on If-None-Match, compressed or not; every GET answered though one instance drops them', async () => {
    dropped = 0
    for (const encoding of ['identity', 'gzip']) {
      const first = await fetch(gridUrl(), { headers: { 'accept-encoding': encoding } })
      expect(first.status, caddy!.output().slice(-2000)).toBe(200)
      expect(first.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL)
      expect(first.headers.get('vary')).toMatch(/accept-encoding/i)
      const etag = first.headers.get('etag')!
      expect(etag).toMatch(/^(W\/)?"[^"]+"$/)
      const body = (await first.json()) as { data: { produitspaginated: { data: unknown[] } } }
      expect(body.data.produitspaginated.data).toHaveLength(12)

      const again = await fetch(gridUrl(), { headers: { 'accept-encoding': encoding, 'if-none-match': etag } })
      expect(again.status).toBe(304)
      expect(await again.text()).toBe('')
    }
    // Caddy picks the instance with fewer requests under way, at random between equals (ADR 072):
    // within a few GETs one goes to the instance that drops them, and Caddy tries it again.
    for (let i = 0; i < 40 && dropped === 0; i++) expect((await fetch(gridUrl())).status).toBe(200)
    expect(dropped).toBeGreaterThan(0)
  })

  it('a signed-in answer is never cacheable, and never a 304 against the public copy', async () => {
    const anonymous = await fetch(gridUrl())
    const etag = anonymous.headers.get('etag')!
    for (let i = 0; i < 2; i++) {
      const signedIn = await fetch(gridUrl(), { headers: { ...customer.auth, 'if-none-match': etag } })
      expect(signedIn.status).toBe(200)
      expect(signedIn.headers.get('cache-control')).toBe('no-store')
      expect(signedIn.headers.get('etag')).toBeNull()
      expect(((await signedIn.json()) as { data: { produitspaginated: { data: unknown[] } } }).data.produitspaginated.data).toHaveLength(12)
    }
    // Caddy may hand the POST to the instance that drops it (a 502, never replayed): sent again then.
    let post = await postThroughProxy(STOREFRONT_QUERIES.favoris, { page: 1, count: 8 }, customer.auth)
    for (let i = 0; i < 30 && post.status === 502; i++) {
      await post.arrayBuffer()
      post = await postThroughProxy(STOREFRONT_QUERIES.favoris, { page: 1, count: 8 }, customer.auth)
    }
    expect(post.status).toBe(200)
    expect(post.headers.get('cache-control')).toBe('no-store')
  })

  it("the spec's POST queries still answer through the proxy (a POST is never replayed: a dropped one is a 502)", async () => {
    const statuses: number[] = []
    // Until both were seen: an answer, and a POST the dropping instance took (at random between equals, ADR 072).
    for (let i = 0; i < 40 && !(statuses.includes(200) && statuses.includes(502)); i++) {
      const res = await postThroughProxy('query { produitspaginated(page: 1, count: 3) { data { id designation prixformat } } }', {})
      statuses.push(res.status)
      if (res.status === 200) expect(((await res.json()) as { data: { produitspaginated: { data: unknown[] } } }).data.produitspaginated.data).toHaveLength(3)
      else await res.arrayBuffer()
    }
    expect(statuses).toContain(200)
    expect(statuses).toContain(502)
    expect(statuses.every((s) => s === 200 || s === 502)).toBe(true)
  })
})

function postThroughProxy(query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) {
  return fetch(`${proxy}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) })
}
