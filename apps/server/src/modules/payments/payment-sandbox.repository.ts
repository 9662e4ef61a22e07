// The payment sandbox's keys and checkout sessions in PostgreSQL (ADR 066), so that a staging
// shop of several instances works: a session created on one is shown, paid, checked and refunded
// on any, and every instance signs and checks with the same keys.
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Config, ProviderConfig } from '../../config.ts'
import type { Executor } from '../../db/client.ts'
import { paymentSandboxKeys, paymentSandboxSessions } from '../../db/schema.ts'

/** Open sessions at most (a public staging shop must not be fillable); past it, the sandbox refuses new ones. */
export const SANDBOX_OPEN_SESSIONS_MAX = 1000
/** An open session nobody decided on is forgotten after this (the providers' sessions expire after 30 minutes). */
export const SANDBOX_OPEN_MINUTES = 60
/** Decided sessions are kept this long (their status is asked, refunds may come later), and this many at most. */
export const SANDBOX_DECIDED_DAYS = 30
export const SANDBOX_DECIDED_MAX = 10_000

export type SandboxProvider = 'wave' | 'paytech'
export type SandboxStatus = 'open' | 'approved' | 'declined'

export type SandboxSession = typeof paymentSandboxSessions.$inferSelect & { provider: SandboxProvider; status: SandboxStatus }
export type NewSandboxSession = Pick<typeof paymentSandboxSessions.$inferInsert, 'id' | 'amount' | 'commande' | 'reference' | 'successUrl' | 'errorUrl' | 'extra'> & {
  provider: SandboxProvider
}

const session = (row: typeof paymentSandboxSessions.$inferSelect | undefined) => row as SandboxSession | undefined

export function createPaymentSandboxRepository(db: Executor) {
  const t = paymentSandboxSessions
  return {
    /** The keys every instance uses for `provider`: those stored, or `drawn` if none were (the first instance's draw wins). */
    async keys(provider: SandboxProvider, drawn: { apiKey: string; secret: string }): Promise<{ apiKey: string; secret: string }> {
      await db.insert(paymentSandboxKeys).values({ provider, ...drawn }).onConflictDoNothing()
      const [row] = await db.select({ apiKey: paymentSandboxKeys.apiKey, secret: paymentSandboxKeys.secret }).from(paymentSandboxKeys).where(eq(paymentSandboxKeys.provider, provider))
      return row!
    },

    /** Stores a new open session, unless SANDBOX_OPEN_SESSIONS_MAX are open already (then undefined). */
    async create(values: NewSandboxSession): Promise<SandboxSession | undefined> {
      // One statement: the count and the insert (two instances at the edge may both pass: a bound, not a quota).
      const { rows } = (await db.execute(sql`
        insert into ${t} (id, provider, amount, commande, reference, success_url, error_url, extra)
        select ${values.id}, ${values.provider}, ${values.amount}, ${values.commande}, ${values.reference}, ${values.successUrl}, ${values.errorUrl}, ${JSON.stringify(values.extra ?? {})}::jsonb
        where (select count(*) from ${t} where status = 'open' and created_at > now() - make_interval(mins => ${SANDBOX_OPEN_MINUTES})) < ${SANDBOX_OPEN_SESSIONS_MAX}
        returning id`)) as unknown as { rows: Array<{ id: string }> }
      return rows.length === 0 ? undefined : this.find(values.id)
    },

    async find(id: string, provider?: SandboxProvider): Promise<SandboxSession | undefined> {
      const [row] = await db
        .select()
        .from(t)
        .where(provider ? and(eq(t.id, id), eq(t.provider, provider)) : eq(t.id, id))
      return session(row)
    },

    /** PayTech names a sale by our reference: the approved session of it, else the first one. */
    async findPaytech(reference: string): Promise<SandboxSession | undefined> {
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.provider, 'paytech'), eq(t.reference, reference)))
        .orderBy(desc(sql`${t.status} = 'approved'`), t.createdAt)
        .limit(1)
      return session(row)
    },

    /** Decides an open session; undefined when it was not open (decided meanwhile, on any instance). */
    async decide(id: string, status: 'approved' | 'declined'): Promise<SandboxSession | undefined> {
      const [row] = await db.update(t).set({ status }).where(and(eq(t.id, id), eq(t.status, 'open'))).returning()
      return session(row)
    },

    /**
     * A refund of `amount` (the whole remainder when absent) under `key`, in one statement: the
     * same key answers the same refund; more than remains is refused, as the providers do.
     */
    async refund(id: string, key: string, amount: number | undefined): Promise<{ ok: true; id: string } | { ok: false }> {
      if (amount !== undefined && (!Number.isSafeInteger(amount) || amount <= 0)) return { ok: false }
      const wanted = sql`coalesce(${amount ?? null}::bigint, ${t.amount} - ${t.refunded})`
      const { rows } = (await db.execute(sql`
        update ${t} set refunded = ${t.refunded} + ${wanted},
          refunds = ${t.refunds} || jsonb_build_object(${key}::text, 'rf-' || ${t.id} || '-' || ((select count(*) from jsonb_object_keys(${t.refunds})) + 1))
        where ${t.id} = ${id} and ${t.status} = 'approved' and (${t.refunds} ->> ${key}::text) is null
          and ${wanted} > 0 and ${t.refunded} + ${wanted} <= ${t.amount}
        returning ${t.refunds} ->> ${key}::text as refund_id`)) as unknown as { rows: Array<{ refund_id: string }> }
      if (rows[0]) return { ok: true, id: rows[0].refund_id }
      const known = await this.find(id)
      const previous = known?.refunds[key]
      return previous ? { ok: true, id: previous } : { ok: false }
    },

    /** Forgets open sessions past SANDBOX_OPEN_MINUTES and decided ones past SANDBOX_DECIDED_DAYS or SANDBOX_DECIDED_MAX; how many. */
    async sweep(): Promise<number> {
      const stale = await db
        .delete(t)
        .where(
          sql`(${t.status} = 'open' and ${t.createdAt} < now() - make_interval(mins => ${SANDBOX_OPEN_MINUTES}))
            or (${t.status} <> 'open' and ${t.createdAt} < now() - make_interval(days => ${SANDBOX_DECIDED_DAYS}))`,
        )
        .returning({ id: t.id })
      const beyond = await db
        .delete(t)
        .where(sql`${t.id} in (select id from ${t} where status <> 'open' order by created_at desc offset ${SANDBOX_DECIDED_MAX})`)
        .returning({ id: t.id })
      return stale.length + beyond.length
    },
  }
}

export type PaymentSandboxRepository = ReturnType<typeof createPaymentSandboxRepository>

/**
 * The providers' settings with the sandbox's keys shared by every instance: a provider in the
 * sandbox takes the stored pair (its own draw, the first time); one with real keys is unchanged.
 */
export async function sharedSandboxKeys(db: Executor, payments: Config['payments']): Promise<Config['payments']> {
  const repo = createPaymentSandboxRepository(db)
  const shared = async (name: SandboxProvider, provider: ProviderConfig): Promise<ProviderConfig> =>
    provider.sandbox ? { ...provider, ...(await repo.keys(name, { apiKey: provider.apiKey, secret: provider.secret })) } : provider
  return { wave: await shared('wave', payments.wave), paytech: await shared('paytech', payments.paytech) }
}
