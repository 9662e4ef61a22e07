// Order events are never dropped (issue 27 §2, ADR 066): when an instance's notifications
// connection is cut, the history lines committed meanwhile are read again once it listens, so a
// listener hears every event once, in its order's order — a burst cut in the middle, a line whose
// id was taken before the cut and committed during it (within the margin of ids read again, and
// far below it: ADR 073), nothing missed (no duplicate), and the
// bounds past which listeners are told to read their lists again instead.
import type { FastifyInstance } from 'fastify'
import { asc, inArray, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderHistory } from '../src/db/schema.ts'
import type { CatchUpBounds } from '../src/modules/orders/order-events.ts'
import { HEARTBEAT_QUERY, NOTIFICATIONS_APPLICATION_NAME } from '../src/plugins/database-notifications.ts'
import { openDatabase } from '../src/db/client.ts'
import type { AppOptions } from '../src/app.ts'
import { makeProduct, placeHomeOrder } from './factories.ts'
import { anotherInstance, buildTestApp, createTestApp, signInStaff, type SignedIn, type TestContext } from './helpers.ts'
import { stallingProxy, type StallingProxy } from './stalling-proxy.ts'

let shop: TestContext
/** The instance that makes the changes; `shop` (and the bounded instances) listen. */
let writer: FastifyInstance
let admin: SignedIn
let customer: SignedIn
let produit: number

beforeAll(async () => {
  // The listening instance opens its connection again 4 s after a loss: time for a burst meanwhile.
  shop = await createTestApp({ orderRateLimit: 10_000, notificationsRetryMs: 4000 })
  writer = await anotherInstance(shop, { orderRateLimit: 10_000 })
  ;({ admin, customer } = await signInStaff(shop))
  produit = (await makeProduct(shop.db, { prix: 1000, quantite: 100_000 })).id
})
afterAll(async () => {
  await writer?.close()
  await shop?.close()
})

interface Heard {
  orderId: number
  from: string | null
  to: string
}

/** Everything `app` delivers from now on, and how often it said events were missed. */
function listen(app: FastifyInstance) {
  const heard: Heard[] = []
  let missed = 0
  const offs = [
    app.orderEvents.on('placed', (e) => void heard.push({ orderId: e.orderId, from: null, to: e.etat })),
    app.orderEvents.on('stateChanged', (e) => void heard.push({ orderId: e.orderId, from: e.from, to: e.to })),
    app.orderEvents.onMissed(() => void missed++),
  ]
  return {
    heard,
    missed: () => missed,
    of: (orderIds: number[]) => heard.filter((h) => orderIds.includes(h.orderId)),
    off: () => offs.forEach((off) => off()),
  }
}

/** An order placed (cash: `en_attente`) on the writing instance; its id and number. */
async function place(): Promise<{ id: number; numero: string }> {
  const res = await placeHomeOrder(writer, shop.db, customer, [[produit, 1]])
  expect(res.statusCode, res.body).toBe(201)
  const { id, numerocommande } = res.json().commande as { id: number; numerocommande: string }
  return { id, numero: numerocommande }
}

async function confirm(numero: string) {
  const res = await writer.inject({ method: 'POST', url: `/api/commande/${numero}/etat`, headers: admin.auth, payload: { etat: 'confirmee' } })
  expect(res.statusCode, res.body).toBe(200)
}

/** The notifications connections listening on this test's database, one per instance (their last statement is a LISTEN). */
async function listeningConnections(): Promise<number> {
  const { rows } = (await shop.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where application_name = ${NOTIFICATIONS_APPLICATION_NAME} and datname = current_database() and (query like 'LISTEN %' or query = ${HEARTBEAT_QUERY})`,
  )) as unknown as { rows: Array<{ n: number }> }
  return rows[0]!.n
}

/** Cuts every instance's notifications connection, as a database restart or a network fault would. */
async function cut() {
  await shop.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${NOTIFICATIONS_APPLICATION_NAME} and datname = current_database()`)
  await expect.poll(listeningConnections, { timeout: 3000, interval: 10 }).toBe(0)
}

/** Every instance listens again (each opens its connection again 2 or 4 s after the loss). */
const listeningAgain = (instances: number) => expect.poll(listeningConnections, { timeout: 10_000, interval: 20 }).toBe(instances)

/** The history of these orders as the database holds it, in id order: what a listener must have heard, once each. */
async function historyOf(orderIds: number[]): Promise<Heard[]> {
  const rows = await shop.db
    .select({ orderId: orderHistory.commandeId, from: orderHistory.fromEtat, to: orderHistory.toEtat })
    .from(orderHistory)
    .where(inArray(orderHistory.commandeId, orderIds))
    .orderBy(asc(orderHistory.id))
  return rows
}

/** Per order, in its order (orders' events may interleave as their commits did). */
const byOrder = (events: Heard[]) => {
  const map = new Map<number, Heard[]>()
  for (const e of events) map.set(e.orderId, [...(map.get(e.orderId) ?? []), e])
  return map
}

/** A transaction that writes a history line of `orderId` and stays open, as a slow one would: its line's id, and the client (commit, end). */
async function holdLine(orderId: number) {
  const held = new pg.Client({ connectionString: shop.database.url })
  await held.connect()
  await held.query('begin')
  const { rows } = await held.query<{ id: number }>(
    `insert into order_history (commande_id, from_etat, to_etat, actor_kind, reason) values ($1, 'en_attente', 'en_attente', 'system', 'lente') returning id`,
    [orderId],
  )
  return { id: rows[0]!.id, held }
}

/**
 * An order placed after everything else: once its event is heard, whatever the catch-up and the
 * queue held before it was delivered (one queue, in order), so counting now is final.
 */
async function sentinel(listener: ReturnType<typeof listen>) {
  const last = await place()
  await expect.poll(() => listener.of([last.id]).length, { timeout: 5000, interval: 20 }).toBe(1)
  return last.id
}

describe('catching up after the notifications connection was lost', () => {
  it('a burst cut in the middle: every event arrives once, each order in its order, including those committed while the connection was down', async () => {
    const listener = listen(shop.app)
    try {
      const orders: Array<{ id: number; numero: string }> = []
      const step = async () => {
        const order = await place()
        orders.push(order)
        await confirm(order.numero)
      }
      for (let i = 0; i < 5; i++) await step()
      await cut()
      // While the connection is down (it is opened again after 4 s): these are only in the history.
      let duringOutage = 0
      for (let i = 0; i < 3; i++) {
        await step()
        // The writer listens again after 2 s, this instance after 4: fewer than two means it is still down.
        if ((await listeningConnections()) < 2) duringOutage++
      }
      expect(duringOutage).toBeGreaterThanOrEqual(1)
      // And more as it comes back, mixed with the catch-up.
      for (let i = 0; i < 8; i++) await step()
      await listeningAgain(2)
      await sentinel(listener)

      const ids = orders.map((o) => o.id)
      const expected = await historyOf(ids)
      expect(expected).toHaveLength(2 * orders.length)
      const heard = listener.of(ids)
      expect(heard).toHaveLength(expected.length)
      expect(byOrder(heard)).toEqual(byOrder(expected))
      expect(listener.missed()).toBe(0)
    } finally {
      listener.off()
    }
  })

  it('a line whose id was taken before the cut and committed during it (after later ids were delivered) is delivered once', async () => {
    const listener = listen(shop.app)
    const early = await place()
    // A transaction takes the next history id and stays open.
    const { id: heldId, held } = await holdLine(early.id)
    try {
      // Later ids commit and are delivered first.
      const later = await place()
      await expect.poll(() => listener.of([later.id]).length, { timeout: 5000, interval: 20 }).toBe(1)
      await cut()
      await held.query('commit')
      await listeningAgain(2)
      await sentinel(listener)

      expect(listener.of([early.id])).toEqual([
        { orderId: early.id, from: null, to: 'en_attente' },
        { orderId: early.id, from: 'en_attente', to: 'en_attente' },
      ])
      expect(listener.of([later.id])).toHaveLength(1)
      // The scenario as meant: the held line's id is below the one delivered before the cut.
      const [laterLine] = await shop.db.select({ id: orderHistory.id }).from(orderHistory).where(inArray(orderHistory.commandeId, [later.id]))
      expect(heldId).toBeLessThan(laterLine!.id)
      expect(listener.missed()).toBe(0)
    } finally {
      listener.off()
      await held.end()
    }
  })

  it('a line whose transaction stayed open while more ids than the margin were taken, committed during the cut, is delivered once: found by its transaction (ADR 073)', async () => {
    // An instance that reads only 2 ids back and forgets at once what it delivered below them
    // (so what it reads by transaction must be only what was still open), whose heartbeat
    // (every 200 ms) reads the database's snapshot.
    const app = await anotherInstance(shop, {
      orderEventsCatchUp: { marginIds: 2, rememberMs: 0 },
      notificationsRetryMs: 4000,
      notificationsHeartbeat: { everyMs: 200, timeoutMs: 3000 },
    })
    const listener = listen(app)
    let held: pg.Client | undefined
    try {
      await listeningAgain(3)
      const early = await place()
      const line = await holdLine(early.id)
      held = line.held
      // Four later lines, delivered, and heartbeats answered, while it stays open.
      const later = [await place(), await place(), await place(), await place()]
      await expect.poll(() => listener.of(later.map((o) => o.id)).length, { timeout: 5000, interval: 20 }).toBe(4)
      await new Promise((resolve) => setTimeout(resolve, 1000))
      await cut()
      await held.query('commit')
      await listeningAgain(3)
      await sentinel(listener)

      expect(listener.of([early.id])).toEqual([
        { orderId: early.id, from: null, to: 'en_attente' },
        { orderId: early.id, from: 'en_attente', to: 'en_attente' },
      ])
      expect(listener.of(later.map((o) => o.id))).toHaveLength(4)
      expect(listener.missed()).toBe(0)
      // The scenario as meant: the held line lies further below the last id delivered before the cut than the margin.
      const lines = await shop.db.select({ id: orderHistory.id }).from(orderHistory).where(inArray(orderHistory.commandeId, [later.at(-1)!.id]))
      expect(lines[0]!.id - line.id).toBeGreaterThan(2)
    } finally {
      listener.off()
      await held?.end()
      await app.close()
    }
  })

  it('nothing missed: after the connection comes back, nothing is delivered twice', async () => {
    const listener = listen(shop.app)
    try {
      const before = [await place(), await place()]
      for (const order of before) await confirm(order.numero)
      const ids = before.map((o) => o.id)
      await expect.poll(() => listener.of(ids).length, { timeout: 5000, interval: 20 }).toBe(4)
      await cut()
      await listeningAgain(2)
      const last = await sentinel(listener)
      expect(listener.heard).toHaveLength(5)
      expect(listener.of(ids)).toEqual(await historyOf(ids))
      expect(listener.of([last])).toHaveLength(1)
      expect(listener.missed()).toBe(0)
    } finally {
      listener.off()
    }
  })
})

describe('the bounds of the catch-up', () => {
  /** An instance that listens, with its own bounds. */
  async function bounded(bounds: Partial<CatchUpBounds>, during: () => Promise<unknown>) {
    const app = await anotherInstance(shop, { orderEventsCatchUp: bounds, notificationsRetryMs: 4000 })
    const listener = listen(app)
    try {
      await listeningAgain(3)
      await cut()
      const missedDuring = await during()
      await listeningAgain(3)
      await expect.poll(() => listener.missed(), { timeout: 5000, interval: 20 }).toBe(1)
      const last = await sentinel(listener)
      return { listener, missedDuring, last }
    } finally {
      listener.off()
      await app.close()
    }
  }

  it('more events missed than the bound: none is replayed, listeners are told to read their lists again; the next ones come as usual', async () => {
    const { listener, missedDuring, last } = await bounded({ maxEvents: 2 }, async () => [await place(), await place(), await place()])
    const ids = (missedDuring as Array<{ id: number }>).map((o) => o.id)
    expect(listener.of(ids)).toEqual([])
    expect(listener.heard).toEqual([{ orderId: last, from: null, to: 'en_attente' }])
  })

  it('a connection down longer than the bound: what happened meanwhile is not replayed, listeners are told', async () => {
    // Reconnecting takes 4 s: longer than a 1 s bound.
    const { listener, missedDuring, last } = await bounded({ maxOutageMs: 1000 }, async () => [await place()])
    const ids = (missedDuring as Array<{ id: number }>).map((o) => o.id)
    expect(listener.of(ids)).toEqual([])
    expect(listener.heard).toEqual([{ orderId: last, from: null, to: 'en_attente' }])
  })
})

describe('a link that stalls, a notification that comes with a LISTEN, a history unreadable at start', () => {
  /** An instance whose every connection to the database crosses `proxy`; the caller closes it. */
  async function behind(proxy: StallingProxy, options: Partial<AppOptions>) {
    const database = await openDatabase({ databaseUrl: proxy.url, poolSize: 5 })
    const before = proxy.listeners()
    const app = await buildTestApp(database, options)
    await expect.poll(() => proxy.listeners(), { timeout: 5000, interval: 20 }).toBe(before + 1)
    return {
      app,
      close: async () => {
        await app.close()
        await database.close()
      },
    }
  }

  it('a stalled link is found by the heartbeat, not after TCP’s two hours; the outage counts from the last heartbeat answered', async () => {
    const proxy = await stallingProxy(shop.database.url)
    // Heartbeats every 300 ms, given up after 3 s without an answer; a reconnection 200 ms later.
    const heartbeat = { notificationsHeartbeat: { everyMs: 300, timeoutMs: 3000 }, notificationsRetryMs: 200 }
    // One instance bounds its catch-up at 2 s of outage, the other keeps the default (10 minutes).
    const bounded = await behind(proxy, { ...heartbeat, orderEventsCatchUp: { maxOutageMs: 2000 } })
    const usual = await behind(proxy, heartbeat)
    const short = listen(bounded.app)
    const long = listen(usual.app)
    try {
      proxy.freeze()
      const frozenAt = Date.now()
      const during = await place()
      // Nothing came back: the heartbeat gives the connection up (the instance closes it; its token
      // cache stops trusting itself).
      await expect.poll(() => proxy.listeners(), { timeout: 10_000, interval: 20 }).toBe(0)
      expect(Date.now() - frozenAt).toBeGreaterThanOrEqual(2900)
      proxy.thaw()
      await expect.poll(() => proxy.listeners(), { timeout: 10_000, interval: 20 }).toBe(2)
      // Noticed after ≥ 3 s, reconnected 200 ms later: counted from the last heartbeat the outage
      // passes the 2 s bound (counted from when it was noticed, it would not).
      await expect.poll(() => short.missed(), { timeout: 5000, interval: 20 }).toBe(1)
      await sentinel(short)
      expect(short.of([during.id])).toEqual([])
      // Within the default bound the outage's event is caught up, once.
      await expect.poll(() => long.of([during.id]).length, { timeout: 5000, interval: 20 }).toBe(1)
      await sentinel(long)
      expect(long.of([during.id])).toEqual([{ orderId: during.id, from: null, to: 'en_attente' }])
      expect(long.missed()).toBe(0)
    } finally {
      short.off()
      long.off()
      proxy.thaw()
      await bounded.close()
      await usual.close()
      await proxy.close()
    }
  })

  it('a new order notified in the same read as the LISTEN’s answer is delivered after the events missed during the outage', async () => {
    const proxy = await stallingProxy(shop.database.url)
    const instance = await behind(proxy, { notificationsRetryMs: 3000 })
    const listener = listen(instance.app)
    try {
      // The reconnected connection's answers to its LISTEN on the orders' channel wait in the proxy.
      proxy.holdAnswersAfter('LISTEN teranga_orders')
      proxy.cutListeners()
      await expect.poll(() => proxy.listeners(), { timeout: 5000, interval: 10 }).toBe(0)
      const missed = await place()
      await expect.poll(() => proxy.held().holding, { timeout: 10_000, interval: 20 }).toBe(true)
      // The backend listens already: this order's NOTIFY queues behind the LISTEN's answer.
      const fresh = await place()
      await expect.poll(() => proxy.held().text.includes(`placed:${fresh.id}:`), { timeout: 5000, interval: 20 }).toBe(true)
      proxy.release()
      await expect.poll(() => listener.of([missed.id, fresh.id]).length, { timeout: 5000, interval: 20 }).toBe(2)
      expect(listener.of([missed.id, fresh.id]).map((h) => h.orderId)).toEqual([missed.id, fresh.id])
      await sentinel(listener)
      expect(listener.of([missed.id, fresh.id])).toHaveLength(2)
      expect(listener.missed()).toBe(0)
    } finally {
      listener.off()
      proxy.release()
      await instance.close()
      await proxy.close()
    }
  })

  it('the history unreadable when an instance first listens: at its next outage listeners are told to read their lists again, not left unaware', async () => {
    // The history renamed away while the instance starts: its first read of the newest id fails.
    const renamer = new pg.Client({ connectionString: shop.database.url })
    await renamer.connect()
    let app: FastifyInstance | undefined
    try {
      await renamer.query('begin')
      await renamer.query('alter table order_history rename to order_history_hidden')
      const starting = anotherInstance(shop, { notificationsRetryMs: 2000 })
      const waiting = async (state: string) =>
        (
          (await shop.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = ${state} and query like '%max(%' and query like '%order_history%'`,
          )) as unknown as { rows: Array<{ n: number }> }
        ).rows[0]!.n
      await expect.poll(() => waiting('active'), { timeout: 10_000, interval: 20 }).toBe(1)
      await renamer.query('commit')
      app = await starting
      await expect.poll(() => waiting('active'), { timeout: 5000, interval: 20 }).toBe(0)
      await renamer.query('alter table order_history_hidden rename to order_history')
      const listener = listen(app)
      try {
        await listeningAgain(3)
        await cut()
        const during = await place()
        await listeningAgain(3)
        await expect.poll(() => listener.missed(), { timeout: 5000, interval: 20 }).toBe(1)
        await sentinel(listener)
        expect(listener.of([during.id])).toEqual([])
      } finally {
        listener.off()
      }
    } finally {
      await renamer.query('rollback').catch(() => {})
      await renamer.query('alter table if exists order_history_hidden rename to order_history').catch(() => {})
      await renamer.end()
      await app?.close()
    }
  })
})
