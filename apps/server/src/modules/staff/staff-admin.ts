// The core of `npm run admin:grant` / `npm run admin:revoke` (scripts/admin-role.ts): give a
// client a staff role by email, or take it back (the client role again, API tokens revoked so
// that a signed-in back office loses access at once). French messages for the terminal.
import type { StaffRole } from '@teranga/shared/constants'
import type { Executor } from '../../db/client.ts'
import { createStaffRepository } from './staff.repository.ts'

export type StaffRoleResult = { ok: true; message: string; clientId: number } | { ok: false; message: string }

export async function grantStaffRole(db: Executor, email: string, role: StaffRole): Promise<StaffRoleResult> {
  return db.transaction(async (tx) => {
    const repo = createStaffRepository(tx)
    const [client] = await repo.findByEmail(email.trim())
    if (!client) return { ok: false, message: `Aucun client avec l'adresse ${email} : il doit d'abord se connecter une fois à la boutique.` }
    await repo.setRole(client.id, role)
    return { ok: true, clientId: client.id, message: `${client.email} a maintenant le rôle ${role}.` }
  })
}

export async function revokeStaffRole(db: Executor, email: string, now = new Date()): Promise<StaffRoleResult> {
  return db.transaction(async (tx) => {
    const repo = createStaffRepository(tx)
    const [client] = await repo.findByEmail(email.trim())
    if (!client) return { ok: false, message: `Aucun client avec l'adresse ${email}.` }
    await repo.setRole(client.id, 'client')
    const tokens = await repo.revokeTokens(client.id, now)
    return { ok: true, clientId: client.id, message: `${client.email} n'a plus accès au back-office (${tokens} session(s) révoquée(s)).` }
  })
}
