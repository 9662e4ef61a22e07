// The messages module's tables (ADR 034): the outbox (written in an order change's transaction,
// claimed by the workers with FOR UPDATE SKIP LOCKED), each customer's choice of channel, and
// the secrets the instances share.
import { and, eq, sql } from 'drizzle-orm'
import type { MessageChannelChoice } from '@teranga/shared/order-messages'
import type { Executor } from '../../db/client.ts'
import { executeNamed } from '../../db/sql.ts'
import { messageDailyCounts, messageOutbox, messagePreferences, serverSecrets } from '../../db/schema.ts'
import type { MessageChannel } from './message-provider.ts'

/** One event's messages, as the lifecycle hands them in. */
export interface OutboxEntry {
  orderId: number
  clientId: number
  /** The order's phone number in E.164, or null when it has none that can be read. */
  clientPhone: string | null
  /**
   * Whether the shop messages that number: a Senegalese mobile always; a number of another
   * country (its calling code) when the settings list that country; a Senegalese landline never.
   */
  clientDestination: { mobile: true } | { mobile: false; country: string | null }
  clientBody: string
  /** The staff's message (a new order), or null. */
  staffBody: string | null
  /** The channels that have a provider. */
  channels: ReadonlySet<MessageChannel>
  /** What the message is about beyond the history line's move ('' for the move itself; `remboursement:{id}`). */
  event?: string
}

export interface ClaimedMessage {
  id: number
  audience: 'client' | 'staff'
  channel: MessageChannel
  recipient: string
  body: string
  attempts: number
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** Today in Dakar (Africa/Dakar, UTC all year), as PostgreSQL reads its clock. */
const DAKAR_TODAY = sql`(now() at time zone 'Africa/Dakar')::date`

export function createMessagesRepository(db: Executor) {
  return {
    /**
     * The event's messages in one statement, for its history line (the order's last, written
     * just before in the same transaction, the order's row locked): the customer's on their
     * channel (SMS unless they chose otherwise or WhatsApp is off, none after « aucun », none
     * for a deleted account, none to a number the shop does not message), the staff's numbers
     * by SMS. The unique key makes a second insert a no-op. Answers the channels of the
     * customer's messages refused for their destination (written nowhere, counted by the caller).
     */
    async enqueue(entry: OutboxEntry): Promise<MessageChannel[]> {
      const sms = entry.channels.has('sms')
      const whatsapp = entry.channels.has('whatsapp')
      const mobile = entry.clientDestination.mobile
      const country = entry.clientDestination.mobile ? null : entry.clientDestination.country
      const rows = await executeNamed<{ channel: MessageChannel }>(db, 'message_enqueue', sql`with pr as (select telephones_alertes, indicatifs_messages from preferences where id = (select min(id) from preferences)),
        m as (
          select 'client' as audience, chosen.channel, ${entry.clientPhone}::text as recipient, ${entry.clientBody}::text as body,
              (${mobile}::boolean or exists (select 1 from pr where ${country}::text = any(pr.indicatifs_messages))) as allowed
            from clients c left join ${messagePreferences} p on p.client_id = c.id
            -- WhatsApp chosen while that channel is off: by SMS rather than not at all.
            cross join lateral (select case when p.canal = 'whatsapp' and ${whatsapp}::boolean then 'whatsapp' else 'sms' end as channel) chosen
            where c.id = ${entry.clientId}::int and ${entry.clientPhone}::text is not null and c.firebase_uid not like 'deleted:%'
              and coalesce(p.canal, 'sms') <> 'aucun' and (chosen.channel = 'whatsapp' or ${sms}::boolean)
          union all
          select 'staff', 'sms', phone, ${entry.staffBody}::text, true
            from pr cross join unnest(pr.telephones_alertes) as phone
            where ${entry.staffBody}::text is not null and ${sms}::boolean
        ),
        written as (
          insert into ${messageOutbox} (history_id, commande_id, audience, channel, recipient, body, event)
          select h.id, ${entry.orderId}::int, m.audience, m.channel, m.recipient, m.body, ${entry.event ?? ''}::text
          from (select max(oh.id) as id from order_history oh where oh.commande_id = ${entry.orderId}::int) h
          cross join m
          where h.id is not null and m.allowed
          on conflict do nothing
        )
        select channel from m where not allowed`)
      return rows.map((row) => row.channel)
    },

    /** A staff invitation by phone (issue 25 §3), in the invitation's transaction: one message, once per channel. */
    async enqueueInvitation(entry: { invitationId: number; channel: MessageChannel; recipient: string; body: string }) {
      await db
        .insert(messageOutbox)
        .values({ invitationId: entry.invitationId, audience: 'staff', channel: entry.channel, recipient: entry.recipient, body: entry.body })
        .onConflictDoNothing()
    },

    /**
     * An owner's alert (issue 26 §4, ADR 062), in the alert's transaction: one staff message per
     * number of « Coordonnées » on `channel`, one statement; none when there are no numbers.
     */
    async enqueueAlert(entry: { alertId: number; channel: MessageChannel; body: string }) {
      await db.execute(sql`insert into ${messageOutbox} (alert_id, audience, channel, recipient, body)
        select ${entry.alertId}::bigint, 'staff', ${entry.channel}::text, phone, ${entry.body}::text
        from preferences pr cross join unnest(pr.telephones_alertes) as phone
        where pr.id = (select min(id) from preferences)
        on conflict do nothing`)
    },

    /** The courier the order is handed to now (a home delivery), for « en route ». */
    async courierOf(orderId: number): Promise<{ nom: string; telephone: string } | null> {
      const result = await db.execute(sql`select l.nom, l.telephone from commandes_livreur cl join livreurs l on l.id = cl.livreur_id where cl.commande_id = ${orderId}::int`)
      return rowsOf<{ nom: string; telephone: string }>(result)[0] ?? null
    },

    /** The code of the order's payment mode (WAVE, OM, FREE, CARD, CASH): where a refund goes. */
    async paymentCodeOf(orderId: number): Promise<string | null> {
      const result = await db.execute(sql`select mp.code from commandes c join modepaiements mp on mp.id = c.modepaiement_id where c.id = ${orderId}::int`)
      return rowsOf<{ code: string }>(result)[0]?.code ?? null
    },

    /**
     * Takes one of today's (Dakar's) `allowance` messages for `recipient`, in one statement
     * every instance shares: false when the day's are all taken.
     */
    async takeDailySlot(recipient: string, allowance: number): Promise<boolean> {
      const result = await db.execute(sql`insert into ${messageDailyCounts} as d (recipient, day, sent) values (${recipient}, ${DAKAR_TODAY}, 1)
        on conflict (recipient, day) do update set sent = d.sent + 1 where d.sent < ${allowance}::int
        returning d.sent`)
      return rowsOf(result).length > 0
    },

    /** A message over its number's allowance waits for the next day, Dakar's midnight; the claim's attempt is not counted. */
    async postponeToTomorrow(id: number) {
      await db.execute(sql`update ${messageOutbox} set next_attempt_at = ((${DAKAR_TODAY} + 1)::timestamp at time zone 'Africa/Dakar'), attempts = greatest(attempts - 1, 0)
        where id = ${id}::bigint and status = 'pending'`)
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
        returning o.id, o.audience, o.channel, o.recipient, o.body, o.attempts`)
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
    /** The daily counts of days gone (numbers are personal data, and yesterday's count limits nothing). */
    async purgeDailyCounts() {
      await db.execute(sql`delete from ${messageDailyCounts} where day < ${DAKAR_TODAY} - 1`)
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
