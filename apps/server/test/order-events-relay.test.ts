// The relay's memory of what it delivered across a loss (ADR 073), without a database: the
// lines a catch-up reads again by transaction include some delivered before the loss, and a
// notification of an event nobody listens to here (marked as heard at once, not queued) must
// not make the relay forget them before the catch-up compares.
import type { FastifyBaseLogger } from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createOrderEvents, relayOrderEvents, type PendingOrderEvent } from '../src/modules/orders/order-events.ts'

const silent = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {}, trace: () => {}, fatal: () => {}, child: () => silent } as unknown as FastifyBaseLogger

/** A state change per history id (order id = history id), as the repository reads them. */
const read = (ids: number[]): Promise<Array<PendingOrderEvent & { historyId: number }>> =>
  Promise.resolve(
    ids.map((id) => ({
      historyId: id,
      name: 'stateChanged' as const,
      event: { orderId: id, numero: `C${id}`, clientId: 1, from: 'en_attente' as const, to: 'confirmee' as const, at: new Date(0), actor: { kind: 'system' as const, id: null }, reason: null },
    })),
  )

afterEach(() => {
  vi.useRealTimers()
})

describe('the relay across a loss', () => {
  it('forgets nothing it delivered from a loss until the catch-up ran: lines read again by transaction are not delivered twice', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-30T10:00:00Z'))
    const events = createOrderEvents(silent)
    const heard: number[] = []
    // Only state changes are listened to here: a placement is marked as heard, not read.
    events.on('stateChanged', (e) => void heard.push(e.orderId))
    let history = [1, 2, 3]
    const relay = relayOrderEvents({
      events,
      read,
      // What a catch-up by transaction returns: every line above `after`, and with a snapshot every line.
      idsAfter: (after, limit, written) => Promise.resolve(history.filter((id) => written !== undefined || id > after).slice(0, limit)),
      newest: () => Promise.resolve(0),
      log: silent,
      bounds: { marginIds: 1, rememberMs: 1000 },
    })
    relay.lost()
    relay.listening(null, null)
    await relay.settled()
    for (const id of [1, 2, 3]) relay.notified(`state:${id}:${id}`)
    await relay.settled()
    expect(heard).toEqual([1, 2, 3])

    // The connection is lost; it comes back 5 s later (longer than rememberMs), with line 4
    // committed meanwhile; a placement nobody here listens to is heard right after the LISTENs.
    relay.lost()
    vi.setSystemTime(new Date('2026-11-30T10:00:05Z'))
    history = [1, 2, 3, 4]
    relay.listening(new Date('2026-11-30T10:00:00Z'), '1:5:')
    relay.notified('placed:5:5')
    await relay.settled()
    expect(heard).toEqual([1, 2, 3, 4])
  })
})
