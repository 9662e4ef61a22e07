// The alerts module's tables (issue 26 §4, ADR 062): the « Alertes » settings (one row), the
// marks of variants told of as low, and each alert's unique key. It reads the catalogue's
// variants and the orders, and writes neither (the payment attempts are asked of the payments module).
import { sql } from 'drizzle-orm'
import { DEFAULT_ALERT_SETTINGS, type AlertSettings, type AlertSettingsInput } from '@teranga/shared/staff-alerts'
import type { Executor } from '../../db/client.ts'
import { alertSettings, staffAlerts, stockAlertMarks } from '../../db/schema.ts'
import { paymentsOfOrder } from '../payments/payment-ledger.service.ts'
import type { LowVariant } from './alert-texts.ts'

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** How long a variant's mark outlives its stock going back above the threshold (ADR 062). */
export const STOCK_MARK_HOURS = 24
/** Stock alerts per Dakar day; past them, only the daily summary tells (ADR 062). */
export const STOCK_ALERTS_PER_DAY = 10

/** Orders a sweep alerts of failed payments at most (the next sweep takes the rest). */
const FAILED_READS = 200

export type AlertKind = 'stock' | 'resume' | 'impayee' | 'paiement_echoue'

/** A variant's name as the dashboard writes it: the product, then its option values. */
const VARIANT_NAME = sql`concat_ws(' ', p.designation, v.valeur1, v.valeur2, v.valeur3)`
/** A live variant of a live product at or below its threshold. */
const LOW = sql`p.actif and v.actif and v.quantite <= v.seuil`

export interface OrderToAlert {
  id: number
  numerocommande: string
  montantcommande: number
  montantliv: number
  remise: number
  expires_at: Date
  echecs: number
}

export function createAlertsRepository(db: Executor) {
  return {
    async settings(): Promise<AlertSettings> {
      const [row] = await db.select().from(alertSettings)
      if (!row) return { ...DEFAULT_ALERT_SETTINGS }
      return {
        canal: row.canal as AlertSettings['canal'],
        resume_heure: row.resumeHeure,
        stock: row.stock,
        impayees: row.impayees,
        impayees_minutes: row.impayeesMinutes,
        paiement_echoue: row.paiementEchoue,
      }
    },
    /** Whether the row exists yet (the audit's « before » is null until the first save). */
    async hasSettings() {
      return (await db.select({ id: alertSettings.id }).from(alertSettings)).length > 0
    },
    async saveSettings(input: AlertSettingsInput) {
      const set = {
        ...(input.canal !== undefined && { canal: input.canal }),
        ...(input.resume_heure !== undefined && { resumeHeure: input.resume_heure }),
        ...(input.stock !== undefined && { stock: input.stock }),
        ...(input.impayees !== undefined && { impayees: input.impayees }),
        ...(input.impayees_minutes !== undefined && { impayeesMinutes: input.impayees_minutes }),
        ...(input.paiement_echoue !== undefined && { paiementEchoue: input.paiement_echoue }),
      }
      await db
        .insert(alertSettings)
        .values({ id: 1, ...set })
        .onConflictDoUpdate({ target: alertSettings.id, set: { ...set, updatedAt: sql`now()` } })
    },

    /**
     * The sweep's stock step at `at`, one statement: the marks of variants back above their
     * threshold (or withdrawn) go once they are a day old (hysteresis: a product bouncing across
     * its threshold — order, sweep, cancel, again — is told of once a day, not at each bounce);
     * every low variant not marked gets its mark, and those are answered — the crossings since
     * the last sweep, each once whichever instance sweeps (the mark is the key).
     */
    async markCrossings(at: Date): Promise<LowVariant[]> {
      const now = at.toISOString()
      const result = await db.execute(sql`with gone as (
          delete from ${stockAlertMarks} m using variantes v, produits p
          where v.id = m.variante_id and p.id = v.produit_id and not (${LOW})
            and m.created_at <= ${now}::timestamptz - make_interval(hours => ${STOCK_MARK_HOURS}::int)
        ),
        fresh as (
          insert into ${stockAlertMarks} (variante_id, created_at)
          select v.id, ${now}::timestamptz from variantes v join produits p on p.id = v.produit_id where ${LOW}
          on conflict do nothing
          returning variante_id
        )
        select ${VARIANT_NAME} as designation, v.quantite, v.seuil
        from fresh f join variantes v on v.id = f.variante_id join produits p on p.id = v.produit_id
        order by v.quantite, v.id`)
      return rowsOf<LowVariant>(result)
    },

    /** The stock alerts written on the Dakar day `day` (YYYY-MM-DD: their keys start with it). */
    async stockAlertsOn(day: string): Promise<number> {
      const result = await db.execute(sql`select count(*)::int as n from ${staffAlerts}
        where kind = 'stock' and left(cle, 10) = ${day}`)
      return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0)
    },

    /** What is low now, the emptiest first (the first `limit`), and how many are. */
    async lowStock(limit: number): Promise<{ items: LowVariant[]; total: number }> {
      const result = await db.execute(sql`select ${VARIANT_NAME} as designation, v.quantite, v.seuil, count(*) over () as total
        from variantes v join produits p on p.id = v.produit_id where ${LOW}
        order by v.quantite, v.id limit ${limit}::int`)
      const rows = rowsOf<LowVariant & { total: string }>(result)
      return { items: rows.map(({ designation, quantite, seuil }) => ({ designation, quantite, seuil })), total: Number(rows[0]?.total ?? 0) }
    },

    /** Unpaid orders whose expiry falls in (at, at + minutes], not yet alerted. */
    async unpaidExpiring(at: Date, minutes: number): Promise<OrderToAlert[]> {
      const result = await db.execute(sql`select c.id, c.numerocommande, c.montantcommande, c.montantliv, c.remise, c.expires_at, 0 as echecs
        from commandes c
        where c.etat in ('en_attente_paiement', 'echec_paiement') and c.expires_at > ${at.toISOString()}::timestamptz
          and c.expires_at <= ${at.toISOString()}::timestamptz + make_interval(mins => ${minutes}::int)
          and not exists (select 1 from ${staffAlerts} a where a.kind = 'impayee' and a.cle = c.id::text)
        order by c.expires_at limit 50`)
      return rowsOf<OrderToAlert>(result)
    },

    /**
     * Orders still waiting for their money, not yet alerted, whose attempts failed `count` times
     * or more since `since` (the payments module counts them): filtered before the limit, so that
     * orders alerted or no longer waiting never crowd a new one out, and only recent failures read.
     */
    async failedNotAlerted(count: number, since: Date): Promise<OrderToAlert[]> {
      const result = await db.execute(sql`select c.id, c.numerocommande, c.montantcommande, c.montantliv, c.remise, c.expires_at, f.echecs
        from commandes c cross join lateral (select ${paymentsOfOrder.failedSince(sql`c.id`, since)} as echecs) f
        where c.etat in ('en_attente_paiement', 'echec_paiement') and f.echecs >= ${count}::int
          and not exists (select 1 from ${staffAlerts} a where a.kind = 'paiement_echoue' and a.cle = c.id::text)
        order by c.id limit ${FAILED_READS}::int`)
      return rowsOf<OrderToAlert>(result)
    },

    /** The alert `kind` keyed `cle`, once: its id, or null when it was already written (by this instance or another). */
    async claim(kind: AlertKind, cle: string): Promise<number | null> {
      const [row] = await db.insert(staffAlerts).values({ kind, cle }).onConflictDoNothing().returning({ id: staffAlerts.id })
      return row?.id ?? null
    },

    /** Alerts older than 30 days (their messages are purged then too); a summary's or an order's key is not needed longer. */
    async purge(before: Date) {
      await db.execute(sql`delete from ${staffAlerts} where created_at < ${before.toISOString()}::timestamptz`)
    },
  }
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>
