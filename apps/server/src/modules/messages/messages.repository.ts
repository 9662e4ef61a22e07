// The messages module's tables (ADR 034): the outbox (written in an order change's transaction,
// claimed by the workers with FOR UPDATE SKIP LOCKED), each customer's choice of channel, and
// the secrets the instances share.
import { and, eq, sql } from 'drizzle-orm'
import type { MessageChannelChoice } from '@teranga/shared/order-messages'
import type { Executor } from '../../db/client.ts'
import { messageOutbox, messagePreferences, serverSecrets } from '../../db/schema.ts'
import type { MessageChannel } from './message-provider.ts'

/** One event's messages, as the lifecycle hands them in. */
export interface OutboxEntry {
  orderId: number
  clientId: number
  /** The order's phone number in E.164, or null when it has none that can be read. */
  clientPhone: string | null
  clientBody: string
  /** The staff's message (a new order), or null. */
  staffBody: string | null
  /** The channels that have a provider. */
  channels: ReadonlySet<MessageChannel>
}

export interface ClaimedMessage {
  id: number
  channel: MessageChannel
  recipient: string
  body: string
  attempts: number
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

export function createMessagesRepository(db: Executor) {
  return {
    /**
     * The event's messages in one statement, for its history line (the order's last, written
     * just before in the same transaction, the order's row locked): the customer's on their
     * channel (SMS unless they chose otherwise or WhatsApp is off, none after « aucun », none
     * for a deleted account), the staff's numbers by SMS. The unique key makes a second insert a no-op.
     */
    async enqueue(entry: OutboxEntry) {
      const sms = entry.channels.has('sms')
      const whatsapp = entry.channels.has('whatsapp')
      await db.execute(sql`insert into ${messageOutbox} (history_id, commande_id, audience, channel, recipient, body)
        select h.id, ${entry.orderId}::int, m.audience, m.channel, m.recipient, m.body
        from (select max(oh.id) as id from order_history oh where oh.commande_id = ${entry.orderId}::int) h
        cross join lateral (
          select 'client' as audience, chosen.channel, ${entry.clientPhone}::text as recipient, ${entry.clientBody}::text as body
            from clients c left join ${messagePreferences} p on p.client_id = c.id
            -- WhatsApp chosen while that channel is off: by SMS rather than not at all.
            cross join lateral (select case when p.canal = 'whatsapp' and ${whatsapp}::boolean then 'whatsapp' else 'sms' end as channel) chosen
            where c.id = ${entry.clientId}::int and ${entry.clientPhone}::text is not null and c.firebase_uid not like 'deleted:%'
              and coalesce(p.canal, 'sms') <> 'aucun' and (chosen.channel = 'whatsapp' or ${sms}::boolean)
          union all
          select 'staff', 'sms', phone, ${entry.staffBody}::text
            from preferences pr cross join unnest(pr.telephones_alertes) as phone
            where ${entry.staffBody}::text is not null and ${sms}::boolean and pr.id = (select min(id) from preferences)
        ) m
        where h.id is not null
        on conflict do nothing`)
    },

    /**
     * Up to `limit` due messages, each counted as one more attempt and put out of reach for
     * `leaseSeconds` (another instance skips them; a worker that dies mid-send leaves them
     * to be tried again after the lease).
     */
    async claim(limit: number, leaseSeconds: number): Promise<ClaimedMessage[]> {
      const result = await db.execute(sql`update ${messageOutbox} o
        set attempts = o.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds}::int)
        where o.id in (select id from ${messageOutbox} where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at, id limit ${limit}::int for update skip locked)
        returning o.id, o.channel, o.recipient, o.body, o.attempts`)
      // In the order they were written (RETURNING keeps no order).
      return rowsOf<ClaimedMessage>(result)
        .map((row) => ({ ...row, id: Number(row.id) }))
        .sort((a, b) => a.id - b.id)
    },

    async sent(id: number, providerRef: string | null) {
      await db
        .update(messageOutbox)
        .set({ status: 'sent', sentAt: sql`now()`, providerRef })
        .where(and(eq(messageOutbox.id, id), eq(messageOutbox.status, 'pending')))
    },
    async retryAt(id: number, at: Date) {
      await db
        .update(messageOutbox)
        .set({ nextAttemptAt: at })
        .where(and(eq(messageOutbox.id, id), eq(messageOutbox.status, 'pending')))
    },
    async failed(id: number) {
      await db
        .update(messageOutbox)
        .set({ status: 'failed' })
        .where(and(eq(messageOutbox.id, id), eq(messageOutbox.status, 'pending')))
    },
    /**
     * A deleted account's traces (in the deletion's transaction): its choice, and every message
     * to it, sent or not (their numbers and texts), the ones its deletion's cancellations just wrote too.
     */
    async forgetCustomer(clientId: number) {
      await db.execute(sql`with choice as (delete from ${messagePreferences} where client_id = ${clientId}::int)
        delete from ${messageOutbox} where audience = 'client' and commande_id in (select id from commandes where client_id = ${clientId}::int)`)
    },

    /** Messages done with (sent or given up) before `before`: their numbers and texts are not kept longer. */
    async purge(before: Date) {
      await db.execute(sql`delete from ${messageOutbox} where status <> 'pending' and created_at < ${before.toISOString()}`)
    },

    async channelOf(clientId: number): Promise<MessageChannelChoice | undefined> {
      const [row] = await db.select({ canal: messagePreferences.canal }).from(messagePreferences).where(eq(messagePreferences.clientId, clientId))
      return row?.canal as MessageChannelChoice | undefined
    },
    async setChannel(clientId: number, canal: MessageChannelChoice) {
      await db
        .insert(messagePreferences)
        .values({ clientId, canal })
        .onConflictDoUpdate({ target: messagePreferences.clientId, set: { canal, updatedAt: sql`now()` } })
    },

    /** The secret named `name`: the one stored, or `drawn` if none was (the first instance's draw wins). */
    async secret(name: string, drawn: string): Promise<string> {
      await db.insert(serverSecrets).values({ name, value: drawn }).onConflictDoNothing()
      const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name))
      return row!.value
    },
  }
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>
