// The audit log's table: one row per back-office write, appended in the write's transaction.
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { auditLog, clients } from '../../db/schema.ts'
import type { PageArgs } from '../../lib/pagination.ts'

export interface AuditEntry {
  staffId: number
  /** What was done, e.g. `produit.modifier`. */
  action: string
  /** The kind of record and its id, e.g. `produit`, `12`. */
  resource: string
  resourceId?: string | number | null
  before?: unknown
  after?: unknown
}

/** One line of the audit log's export (ADR 060). */
export interface AuditExportRow {
  date: string
  action: string
  resource: string
  resource_id: string | null
  staff_email: string | null
  avant: string | null
  apres: string | null
}

/** The audit log's export statement, for a cursor (ADR 060): the list's filters, newest first. */
export function auditExportQuery(filter: { resource?: string | undefined; resourceId?: string | undefined }) {
  const parts = [filter.resource ? sql`l.resource = ${filter.resource}` : undefined, filter.resourceId ? sql`l.resource_id = ${filter.resourceId}` : undefined].filter((p) => p !== undefined)
  return sql`select to_char(l.at at time zone 'Africa/Dakar', 'YYYY-MM-DD HH24:MI:SS') as date, l.action, l.resource, l.resource_id,
      s.email as staff_email, l.before::text as avant, l.after::text as apres
    from ${auditLog} l left join ${clients} s on s.id = l.staff_id
    ${parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``}
    order by l.at desc, l.id desc`
}

export function createAuditRepository(db: Executor) {
  return {
    async insert(entry: AuditEntry) {
      await db.insert(auditLog).values({
        staffId: entry.staffId,
        action: entry.action,
        resource: entry.resource,
        resourceId: entry.resourceId == null ? null : String(entry.resourceId),
        before: entry.before ?? null,
        after: entry.after ?? null,
      })
    },

    async page(filter: { resource?: string | undefined; resourceId?: string | undefined }, page: PageArgs) {
      const where = and(
        filter.resource ? eq(auditLog.resource, filter.resource) : undefined,
        filter.resourceId ? eq(auditLog.resourceId, filter.resourceId) : undefined,
      )
      const rows = await db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          action: auditLog.action,
          resource: auditLog.resource,
          resourceId: auditLog.resourceId,
          before: auditLog.before,
          after: auditLog.after,
          staffId: auditLog.staffId,
          staffEmail: clients.email,
          total: sql<number>`count(*) over()`,
        })
        .from(auditLog)
        .leftJoin(clients, eq(clients.id, auditLog.staffId))
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(page.count)
        .offset(page.offset)
      return rows
    },
  }
}

export type AuditRepository = ReturnType<typeof createAuditRepository>
