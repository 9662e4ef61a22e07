// The audit module (issue 10): every back-office write is recorded — who, when, what, the
// record before and after — in the same transaction as the write, and admins read it back.
// Exposes `app.audit.record(executor, entry)` to every back-office module.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Executor } from '../../db/client.ts'
import { registerRest } from '../../lib/rest.ts'
import { createAuditRepository, type AuditEntry } from './audit.repository.ts'
import auditRoutes from './audit.routes.ts'

export interface Audit {
  /** Appends `entry` on `db`: pass the write's transaction so that both commit or neither. */
  record(db: Executor, entry: AuditEntry): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: Audit
  }
}

async function audit(app: FastifyInstance) {
  app.decorate('audit', { record: (db: Executor, entry: AuditEntry) => createAuditRepository(db).insert(entry) })
  await registerRest(app, auditRoutes, { repo: createAuditRepository(app.db) })
}

export default fp(audit, { name: 'audit', dependencies: ['database', 'authentication'] })
