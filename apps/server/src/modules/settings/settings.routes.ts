// The shop's settings (admins only), in the generic form: GET /api/{resource} (a page, sorted
// by position then id), POST, GET|PUT|DELETE /api/{resource}/{id}, for zones, depots,
// caroussel slides and privileges (loyalty tiers and their rewards); payment modes take
// GET and PUT {actif, position} only; the one preference row GET|PUT. Every write is
// validated by the shared schemas, audited and tells the storefront's cache (same transaction).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import {
  carousselSchema,
  depotSchema,
  reorderSchema,
  modePaiementSchema,
  preferenceSchema,
  privilegeSchema,
  SETTINGS_MESSAGES,
  zoneSchema,
} from '@teranga/shared/backoffice-settings'
import { idSchema, paginationSchema } from '@teranga/shared/schemas'
import type { Executor } from '../../db/client.ts'
import { caroussels, commandes, depots, modepaiements, preferences, privilegeRecompenses, privileges, typerecompenses, zonesLivraison } from '../../db/schema.ts'
import { notifyCatalogueChanged } from '../../lib/catalogue-changes.ts'
import { badInput, conflict, notFound } from '../../lib/errors.ts'
import { toPage } from '../../lib/pagination.ts'
import { errorResponses } from '../../lib/rest.ts'
import { requireStaff } from '../../plugins/authentication.ts'

const idParams = z.object({ id: idSchema })
const listQuery = paginationSchema.partial()
const anyJson = z.unknown()
const pageJson = z.object({ metadata: z.object({ total: z.number(), per_page: z.number(), current_page: z.number(), last_page: z.number() }), data: z.array(anyJson) })

type Row = Record<string, unknown> & { id: number }

/** One settings table in the generic form. */
interface Resource<I> {
  name: string
  body: z.ZodType<I>
  list(db: Executor): Promise<Row[]>
  get(db: Executor, id: number): Promise<Row | undefined>
  insert(db: Executor, input: I): Promise<number>
  update(db: Executor, id: number, input: I): Promise<void>
  /** A French 409 message when the row may not be deleted, else undefined. */
  inUse?(db: Executor, row: Row): Promise<string | undefined>
  /** A French 409 (with its field) when the input clashes with another row. */
  clash?(db: Executor, input: I, id?: number): Promise<{ field: string; message: string } | undefined>
  remove(db: Executor, id: number): Promise<void>
}

function simple<I extends Record<string, unknown>>(name: string, table: PgTable & { id: never }, body: z.ZodType<I>, extra: Partial<Resource<I>> = {}): Resource<I> {
  const t = table as unknown as typeof zonesLivraison
  const hasPosition = 'position' in (table as object)
  return {
    name,
    body,
    list: (db) => db.select().from(t).orderBy(...(hasPosition ? [asc(t.position)] : []), asc(t.id)) as Promise<Row[]>,
    get: async (db, id) => ((await db.select().from(t).where(eq(t.id, id)).limit(1)) as Row[])[0],
    insert: async (db, input) => ((await db.insert(t).values(input as never).returning({ id: t.id }))[0]!.id),
    update: async (db, id, input) => {
      await db.update(t).set(input as never).where(eq(t.id, id))
    },
    remove: async (db, id) => {
      await db.delete(t).where(eq(t.id, id))
    },
    ...extra,
  }
}

const zones = simple('zone', zonesLivraison as never, zoneSchema, {
  async insert(db, input) {
    const position = input.position ?? sql<number>`(select coalesce(max(${zonesLivraison.position}) + 1, 0) from ${zonesLivraison})`
    return (await db.insert(zonesLivraison).values({ ...input, position }).returning({ id: zonesLivraison.id }))[0]!.id
  },
  async clash(db, input, id) {
    const [row] = await db
      .select({ id: zonesLivraison.id })
      .from(zonesLivraison)
      .where(and(sql`lower(${zonesLivraison.designation}) = lower(${input.designation})`, id ? ne(zonesLivraison.id, id) : undefined))
      .limit(1)
    return row ? { field: 'designation', message: SETTINGS_MESSAGES.designationTaken } : undefined
  },
  // Orders keep the zone's name as text: a zone some order names is refused (409) so that the
  // back office's order filters and reports keep meaning; addresses merely lose their zone.
  async inUse(db, row) {
    const [used] = await db.select({ n: count() }).from(commandes).where(eq(commandes.zone, String(row.designation)))
    return used && used.n > 0 ? SETTINGS_MESSAGES.zoneInUse : undefined
  },
})

const depotsResource = simple('depot', depots as never, depotSchema, {
  // Orders point at their depot (a foreign key): a depot some order used is refused (409).
  async inUse(db, row) {
    const [used] = await db.select({ n: count() }).from(commandes).where(eq(commandes.depotId, row.id))
    return used && used.n > 0 ? SETTINGS_MESSAGES.depotInUse : undefined
  },
})

const carousselResource = simple('caroussel', caroussels as never, carousselSchema)

type PrivilegeInput = z.infer<typeof privilegeSchema>
const privilegeResource: Resource<PrivilegeInput> = {
  name: 'privilege',
  body: privilegeSchema,
  async list(db) {
    const tiers = await db.select().from(privileges).orderBy(asc(privileges.point), asc(privileges.id))
    const rewards = tiers.length
      ? await db
          .select({ privilegeId: privilegeRecompenses.privilegeId, type: typerecompenses.code, valeur: privilegeRecompenses.valeur })
          .from(privilegeRecompenses)
          .innerJoin(typerecompenses, eq(typerecompenses.id, privilegeRecompenses.typerecompenseId))
          .where(inArray(privilegeRecompenses.privilegeId, tiers.map((t) => t.id)))
          .orderBy(asc(privilegeRecompenses.id))
      : []
    return tiers.map((t) => ({ ...t, recompenses: rewards.filter((r) => r.privilegeId === t.id).map(({ type, valeur }) => ({ type, valeur })) }))
  },
  async get(db, id) {
    return (await this.list(db)).find((t) => t.id === id)
  },
  async clash(db, input, id) {
    const [row] = await db.select({ id: privileges.id }).from(privileges).where(and(eq(privileges.point, input.point), id ? ne(privileges.id, id) : undefined)).limit(1)
    if (row) return { field: 'point', message: SETTINGS_MESSAGES.pointTaken }
    const codes = [...new Set(input.recompenses.map((r) => r.type))]
    if (codes.length === 0) return undefined
    const known = await db.select({ code: typerecompenses.code }).from(typerecompenses).where(inArray(typerecompenses.code, codes))
    return known.length === codes.length ? undefined : { field: 'recompenses', message: SETTINGS_MESSAGES.recompenseTypeInvalid }
  },
  async insert(db, input) {
    const [row] = await db.insert(privileges).values({ designation: input.designation, couleur: input.couleur ?? null, point: input.point }).returning({ id: privileges.id })
    await writeRewards(db, row!.id, input.recompenses)
    return row!.id
  },
  async update(db, id, input) {
    await db.update(privileges).set({ designation: input.designation, couleur: input.couleur ?? null, point: input.point }).where(eq(privileges.id, id))
    await db.delete(privilegeRecompenses).where(eq(privilegeRecompenses.privilegeId, id))
    await writeRewards(db, id, input.recompenses)
  },
  async remove(db, id) {
    await db.delete(privileges).where(eq(privileges.id, id))
  },
}

async function writeRewards(db: Executor, privilegeId: number, rewards: PrivilegeInput['recompenses']) {
  if (rewards.length === 0) return
  const types = await db.select().from(typerecompenses)
  await db.insert(privilegeRecompenses).values(rewards.map((r) => ({ privilegeId, typerecompenseId: types.find((t) => t.code === r.type)!.id, valeur: r.valeur })))
}

const RESOURCES = [zones, depotsResource, carousselResource, privilegeResource] as Array<Resource<Record<string, unknown>>>

export default async function settingsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const db = app.db
  // Admins only, checked before any body: a visitor gets 401 and a gestionnaire 403, not a 400.
  api.addHook('onRequest', async (request) => {
    requireStaff(request, 'admin')
  })

  /** One audited write: the change, its audit line and the storefront's cache notice, in one transaction. */
  const write = <T>(request: FastifyRequest, fn: (tx: Executor, staffId: number) => Promise<T>) => {
    const staff = requireStaff(request, 'admin')
    return db.transaction((tx) => fn(tx, staff.id))
  }

  // The order the checkout lists zones in: every zone once (409 when the list changed meanwhile).
  api.put('/zone/ordre', { schema: { body: reorderSchema, response: { 200: pageJson, ...errorResponses } } }, async (request) => {
    const ids = request.body.ids
    await write(request, async (tx, staffId) => {
      const before = (await tx.select({ id: zonesLivraison.id }).from(zonesLivraison).orderBy(asc(zonesLivraison.position), asc(zonesLivraison.id)).for('update')).map((r) => r.id)
      if (before.length !== ids.length || !ids.every((id) => before.includes(id))) throw conflict(SETTINGS_MESSAGES.orderStale, { ids: [SETTINGS_MESSAGES.orderStale] })
      const list = sql.join(ids.map((id) => sql`${id}`), sql`, `)
      await tx.execute(sql`update ${zonesLivraison} set "position" = o.ord - 1 from unnest(array[${list}]::int[]) with ordinality as o(id, ord) where ${zonesLivraison.id} = o.id`)
      await app.audit.record(tx, { staffId, action: 'zone.ordonner', resource: 'zone', before: { ordre: before }, after: { ordre: ids } })
      await notifyCatalogueChanged(tx)
    })
    const rows = await zones.list(db)
    return toPage(rows, rows.length, { page: 1, count: Math.max(rows.length, 1), offset: 0 })
  })

  for (const resource of RESOURCES) {
    const { name } = resource
    api.get(`/${name}`, { schema: { querystring: listQuery, response: { 200: pageJson, ...errorResponses } } }, async (request) => {
      requireStaff(request, 'admin')
      const page = { page: request.query.page ?? 1, count: request.query.count ?? 100 }
      const args = { ...page, offset: (page.page - 1) * page.count }
      const rows = await resource.list(db)
      return toPage(rows.slice(args.offset, args.offset + args.count), rows.length, args)
    })

    api.get(`/${name}/:id`, { schema: { params: idParams, response: { 200: anyJson, ...errorResponses } } }, async (request) => {
      requireStaff(request, 'admin')
      const row = await resource.get(db, request.params.id)
      if (!row) throw notFound(SETTINGS_MESSAGES.settingNotFound)
      return row
    })

    api.post(`/${name}`, { schema: { body: resource.body, response: { 201: anyJson, ...errorResponses } } }, async (request, reply) => {
      const created = await write(request, async (tx, staffId) => {
        const input = request.body as Record<string, unknown>
        const clash = await resource.clash?.(tx, input)
        if (clash) throw conflict(clash.message, { [clash.field]: [clash.message] })
        const id = await resource.insert(tx, input)
        const after = await resource.get(tx, id)
        await app.audit.record(tx, { staffId, action: `${name}.creer`, resource: name, resourceId: id, after })
        await notifyCatalogueChanged(tx)
        return after
      })
      return reply.status(201).send(created)
    })

    api.put(`/${name}/:id`, { schema: { params: idParams, body: resource.body, response: { 200: anyJson, ...errorResponses } } }, async (request) =>
      write(request, async (tx, staffId) => {
        const id = request.params.id
        const before = await resource.get(tx, id)
        if (!before) throw notFound(SETTINGS_MESSAGES.settingNotFound)
        const input = request.body as Record<string, unknown>
        const clash = await resource.clash?.(tx, input, id)
        if (clash) throw conflict(clash.message, { [clash.field]: [clash.message] })
        await resource.update(tx, id, input)
        const after = await resource.get(tx, id)
        await app.audit.record(tx, { staffId, action: `${name}.modifier`, resource: name, resourceId: id, before, after })
        await notifyCatalogueChanged(tx)
        return after
      }),
    )

    api.delete(`/${name}/:id`, { schema: { params: idParams, response: { 204: z.null(), ...errorResponses } } }, async (request, reply) => {
      await write(request, async (tx, staffId) => {
        const id = request.params.id
        const before = await resource.get(tx, id)
        if (!before) throw notFound(SETTINGS_MESSAGES.settingNotFound)
        const used = await resource.inUse?.(tx, before)
        if (used) throw conflict(used)
        await resource.remove(tx, id)
        await app.audit.record(tx, { staffId, action: `${name}.supprimer`, resource: name, resourceId: id, before })
        await notifyCatalogueChanged(tx)
      })
      return reply.status(204).send(null)
    })
  }

  // Payment modes: the list, and PUT {actif, position} only (their codes drive the providers).
  const modes = () => db.select().from(modepaiements).orderBy(asc(modepaiements.position), asc(modepaiements.id))
  api.get('/modepaiement', { schema: { response: { 200: z.array(anyJson), ...errorResponses } } }, async (request) => {
    requireStaff(request, 'admin')
    return modes()
  })
  api.put('/modepaiement/:id', { schema: { params: idParams, body: modePaiementSchema, response: { 200: anyJson, ...errorResponses } } }, async (request) =>
    write(request, async (tx, staffId) => {
      const id = request.params.id
      const [before] = await tx.select().from(modepaiements).where(eq(modepaiements.id, id)).limit(1)
      if (!before) throw notFound(SETTINGS_MESSAGES.settingNotFound)
      const [after] = await tx.update(modepaiements).set({ actif: request.body.actif, position: request.body.position }).where(eq(modepaiements.id, id)).returning()
      await app.audit.record(tx, { staffId, action: 'modepaiement.modifier', resource: 'modepaiement', resourceId: id, before, after })
      await notifyCatalogueChanged(tx)
      return after
    }),
  )

  // The one preference row (created by the first PUT when the seed made none).
  const preference = async (tx: Executor) => (await tx.select().from(preferences).orderBy(asc(preferences.id)).limit(1))[0]
  api.get('/preference', { schema: { response: { 200: anyJson, ...errorResponses } } }, async (request) => {
    requireStaff(request, 'admin')
    return (await preference(db)) ?? null
  })
  api.put('/preference', { schema: { body: preferenceSchema, response: { 200: anyJson, ...errorResponses } } }, async (request) =>
    write(request, async (tx, staffId) => {
      const before = await preference(tx)
      const values = request.body as Record<string, string | null | undefined>
      if (Object.values(values).every((value) => value === undefined)) throw badInput(SETTINGS_MESSAGES.nothingToChange)
      const [after] = before
        ? await tx.update(preferences).set(values).where(eq(preferences.id, before.id)).returning()
        : await tx.insert(preferences).values(values).returning()
      await app.audit.record(tx, { staffId, action: 'preference.modifier', resource: 'preference', resourceId: after!.id, before: before ?? null, after })
      await notifyCatalogueChanged(tx)
      return after
    }),
  )
}
