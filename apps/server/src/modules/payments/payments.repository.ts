// Payment modes offered at checkout (DESIGN §6).
import { asc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { modepaiements } from '../../db/schema.ts'

export function createPaymentsRepository(db: Executor) {
  return {
    modes: () => db.select().from(modepaiements).where(eq(modepaiements.actif, true)).orderBy(asc(modepaiements.id)),
  }
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>
