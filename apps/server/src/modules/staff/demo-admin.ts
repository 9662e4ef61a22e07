// Demo mode only (a `demo-` Firebase project, the Auth Emulator): the account the README
// names for the back office, created in the emulator if missing and given the admin role.
// With a real Firebase project nothing is created (main.ts calls this in demo mode only), and
// in production a database where the demo account still holds a staff role stops the boot.
import { and, eq, inArray } from 'drizzle-orm'
import { STAFF_ROLES } from '@teranga/shared/constants'
import type { Executor } from '../../db/client.ts'
import { clients, roles } from '../../db/schema.ts'
import { clientAccess } from '../auth/auth.service.ts'

/**
 * A fixed Firebase uid: an emulator whose accounts were cleared (the end-to-end tests do) gets
 * the account back under the same uid, so the client row keeps its admin role.
 */
export const DEMO_ADMIN = { uid: 'teranga-demo-admin', email: 'admin@teranga.sn', password: 'teranga-admin', prenom: 'Admin', name: 'Teranga' } as const

async function emulatorCall(host: string, method: string, body: Record<string, unknown>) {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { ok: res.ok, body: (await res.json().catch(() => ({}))) as { localId?: string; error?: { message?: string } } }
}

/** The demo admin's Firebase uid: found in the emulator, or created there under DEMO_ADMIN.uid. */
async function emulatorAccount(host: string, projectId: string): Promise<string> {
  const signedIn = await emulatorCall(host, 'signInWithPassword', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, returnSecureToken: true })
  if (signedIn.ok && signedIn.body.localId) return signedIn.body.localId
  // The emulator's admin endpoint (what firebase-admin's createUser calls) takes a chosen uid.
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(projectId)}/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: DEMO_ADMIN.uid, email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, displayName: `${DEMO_ADMIN.prenom} ${DEMO_ADMIN.name}` }),
  })
  const created = (await res.json().catch(() => ({}))) as { localId?: string; error?: { message?: string } }
  if (res.ok && created.localId) return created.localId
  throw new Error(`demo admin: the Auth Emulator refused (${signedIn.body.error?.message ?? 'unknown'} / ${created.error?.message ?? res.status})`)
}

/** Idempotent: the emulator account and its client row with the role `admin`. */
export async function ensureDemoAdmin(db: Executor, emulatorHost: string, projectId: string): Promise<{ clientId: number; email: string; password: string }> {
  const uid = await emulatorAccount(emulatorHost, projectId)
  // The client row is the auth module's (ADR 048).
  const clientId = await clientAccess(db).upsertWithRole(uid, { email: DEMO_ADMIN.email, prenom: DEMO_ADMIN.prenom, name: DEMO_ADMIN.name }, 'admin')
  return { clientId, email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }
}

/**
 * Whether the demo account (its fixed uid, which only the Auth Emulator hands out) still holds
 * a staff role: its password is in the README, so a production shop refuses to start with it
 * (a database first run in demo mode, then moved to production).
 */
export async function demoAdminHoldsStaffRole(db: Executor): Promise<boolean> {
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .innerJoin(roles, eq(roles.id, clients.roleId))
    .where(and(eq(clients.firebaseUid, DEMO_ADMIN.uid), inArray(roles.name, [...STAFF_ROLES])))
    .limit(1)
  return rows.length > 0
}

/** The boot's one line when it refuses the demo account in production. */
export const DEMO_ADMIN_REFUSED = `Démarrage refusé : le compte admin de démonstration (${DEMO_ADMIN.email}), dont le mot de passe est public, a encore un rôle du back-office dans cette base ; retirez-le avec npm run admin:revoke -- ${DEMO_ADMIN.email}, puis relancez.`
