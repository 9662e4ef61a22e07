// The back office's live stream of committed order events (Server-Sent Events, ADR 019). A
// stream lasts no longer than the session that opened it: ADR 021's NOTIFY re-checks it.
// When this instance's notifications connection was lost, the events committed meanwhile come
// once it is back (ADR 066); past the catch-up's bound they were missed: the stream sends
// `event: resync` and the back office reads its lists again.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { EVENT_STREAMS_PER_STAFF, ORDERS_MESSAGES as M } from '@teranga/shared/backoffice-orders'
import { isStaffRole } from '@teranga/shared/constants'
import { AppError } from '../../lib/errors.ts'
import { errorResponses } from '../../lib/rest.ts'
import { requireStaff } from '../../plugins/authentication.ts'
import { hashToken } from '../auth/auth.service.ts'
import { TOKENS_CHANNEL } from '../auth/auth.service.ts'

export interface OrderEventsStreamOptions {
  events: FastifyInstance['orderEvents']
  /** How often a stream is pinged, and its token checked again (25 s). */
  pingEveryMs?: number | undefined
}

/** setTimeout's longest delay (about 24.8 days); a token lives longer, so its timer is set again. */
const LONGEST_TIMER_MS = 2 ** 31 - 1

interface Stream {
  clientId: number
  /** Reads the token again from the database and closes the stream if it ended or lost its staff role. */
  check(): void
  /** Tells the back office that events may have been missed: it reads its lists again. */
  resync(): void
}

export default async function orderEventsStream(app: FastifyInstance, opts: OrderEventsStreamOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const pingEveryMs = opts.pingEveryMs ?? 25_000
  const byClient = new Map<number, Set<Stream>>()
  const closers = new Set<() => void>()

  const checkAll = () => {
    for (const streams of byClient.values()) for (const stream of streams) stream.check()
  }
  // Whoever ended the token or changed the role (any instance, a script, psql), the database
  // says so at commit with the client's id, or `*` for a role's rights. What was said while
  // the connection was down is lost: every stream is checked when it is lost and when it is back.
  app.notifications.on(TOKENS_CHANNEL, (payload) => {
    const clientId = Number(payload)
    if (payload !== '*' && Number.isSafeInteger(clientId)) for (const stream of byClient.get(clientId) ?? []) stream.check()
    else checkAll()
  })
  app.notifications.onReset(checkAll)
  // Order events the catch-up could not deliver (ADR 066): each stream says so (`event: resync`),
  // and the back office reads its lists again instead of waiting for the next order.
  const offMissed = opts.events.onMissed(() => {
    for (const streams of byClient.values()) for (const stream of streams) stream.resync()
  })
  app.addHook('onClose', async () => void offMissed())

  // Open streams end before the server closes (it would otherwise wait for them), and give
  // their places back before the database closes.
  const releases = new Set<Promise<void>>()
  app.addHook('preClose', async () => {
    for (const close of [...closers]) close()
    await Promise.all(releases)
  })

  api.get(
    '/admin/evenements',
    {
      config: { queryToken: true },
      // The role is checked before the query is validated: a visitor learns nothing.
      preValidation: async (request) => void requireStaff(request, 'gestionnaire'),
      schema: { querystring: z.object({ token: z.string().max(200).optional() }), response: { 200: z.string(), ...errorResponses } },
    },
    async (request, reply) => {
      const staff = requireStaff(request, 'gestionnaire')
      // Counted across every instance (ADR 031): each open stream holds a place, renewed by its
      // pings, so that a killed instance's streams stop counting after three missed pings.
      const place = await app.limits.take('event-stream', String(staff.id), EVENT_STREAMS_PER_STAFF, 3 * pingEveryMs)
      if (!place) throw new AppError(429, 'TOO_MANY_REQUESTS', M.tooManyStreams)
      // The client may have gone while the place was taken: nothing will close it then.
      if (request.raw.socket?.destroyed) return void (await place.release())
      const streams = byClient.get(staff.id) ?? new Set<Stream>()
      const tokenHash = hashToken(request.apiToken!)

      reply.hijack()
      const res = reply.raw
      // The headers every answer gets (security, request id), which a hijacked reply does not send itself.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value)
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      })
      res.write(': connecté\n\n')
      // While its token is being checked again (a lost notifications connection, a revocation
      // heard, a ping), a stream holds its events: a catch-up of the outage must not reach a
      // staff member whose role was taken away meanwhile (ADR 066). Sent once the check passes.
      let checking = false
      let heldEvents: string[] = []
      const send = (data: { type: 'placed' | 'state'; numero: string; etat: string }) => {
        const line = `event: commande\ndata: ${JSON.stringify(data)}\n\n`
        if (checking) heldEvents.push(line)
        else res.write(line)
      }
      const offPlaced = opts.events.on('placed', (e) => void send({ type: 'placed', numero: e.numero, etat: e.etat }))
      const offState = opts.events.on('stateChanged', (e) => void send({ type: 'state', numero: e.numero, etat: e.to }))
      // A silently dead notifications connection says nothing: each ping checks the token too.
      const ping = setInterval(() => {
        res.write(': ping\n\n')
        stream.check()
        place.renew().catch((err: unknown) => request.log.warn({ err }, 'event stream: its place could not be renewed'))
      }, pingEveryMs)
      ping.unref()
      let expiry: NodeJS.Timeout | undefined
      let closed = false
      const close = () => {
        if (closed) return
        closed = true
        clearInterval(ping)
        clearTimeout(expiry)
        heldEvents = []
        offPlaced()
        offState()
        closers.delete(close)
        streams.delete(stream)
        if (streams.size === 0 && byClient.get(staff.id) === streams) byClient.delete(staff.id)
        if (!res.writableEnded) res.end()
        const released = place.release().catch((err: unknown) => request.log.warn({ err }, 'event stream: its place could not be given back'))
        releases.add(released)
        void released.finally(() => releases.delete(released))
      }
      const expireAt = (at: number) => {
        clearTimeout(expiry)
        const left = at - Date.now()
        if (left <= 0) return close()
        expiry = setTimeout(() => expireAt(at), Math.min(left, LONGEST_TIMER_MS))
        expiry.unref()
      }

      // A check started before a change committed may have read the row as it was: a
      // notification that arrives meanwhile makes it read again.
      let again = false
      const stream: Stream = {
        clientId: staff.id,
        resync() {
          if (!closed) res.write('event: resync\ndata: {}\n\n')
        },
        check() {
          if (closed) return
          if (checking) {
            again = true
            return
          }
          checking = true
          void (async () => {
            try {
              do {
                again = false
                const owner = await app.tokenOwners.check(tokenHash)
                if (closed) return
                // A courier's role (ADR 056) does not follow the shop's orders either.
                if (!owner || !isStaffRole(owner.role) || owner.role === 'livreur') return close()
                expireAt(owner.expiresAt.getTime())
              } while (again && !closed)
              const passed = heldEvents
              heldEvents = []
              checking = false
              for (const line of passed) if (!closed) res.write(line)
            } catch (err) {
              // Whether the session still holds cannot be told: the stream ends, the app opens it again.
              request.log.warn({ err }, 'event stream: the token could not be checked; closing')
              close()
            } finally {
              checking = false
            }
          })()
        },
      }
      streams.add(stream)
      byClient.set(staff.id, streams)
      closers.add(close)
      request.raw.on('close', close)
      res.on('close', close)
      res.on('error', close)
      // The token was read before this stream listened: a change in between is caught here,
      // and the token's expiry learnt.
      stream.check()
    },
  )
}
