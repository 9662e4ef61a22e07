// The core of `npm run admin:grant` / `npm run admin:revoke` (scripts/admin-role.ts): give a
// client a staff role by email, or take it back (the client role again). Either way the
// client's API tokens are revoked: a signed-in back office loses access at once, and a role
// given is picked up by signing in again, never by a token minted before (ADR 042). An address
// can sit on several accounts (a password account anyone opened with it, unverified, beside
// the owner's): such an address is refused, naming the accounts by client number and sign-in
// method, until `clientId` picks one; a role is only ever granted to a verified address.
// French messages for the terminal.
import type { StaffRole } from '@teranga/shared/constants'
import type { Executor } from '../../db/client.ts'
import { clientAccess } from '../auth/auth.service.ts'
import { createStaffRepository } from './staff.repository.ts'

export type StaffRoleResult = { ok: true; message: string; clientId: number } | { ok: false; message: string }

type Match = Awaited<ReturnType<ReturnType<typeof createStaffRepository>['findByEmail']>>[number]

const METHOD_NAMES: Record<string, string> = { email: 'e-mail', password: 'mot de passe', 'google.com': 'Google', phone: 'téléphone' }

/** « client n°12 (Google, e-mail ; adresse vérifiée) »: enough to choose, nothing more personal. */
export function describeAccount(row: Pick<Match, 'id' | 'emailVerified' | 'signInMethods'>): string {
  const methods = row.signInMethods === null ? 'méthode de connexion inconnue' : row.signInMethods.map((m) => METHOD_NAMES[m] ?? m).join(', ') || 'aucune méthode'
  const verified = row.emailVerified === true ? 'adresse vérifiée' : row.emailVerified === false ? 'adresse non vérifiée' : 'adresse pas encore vue vérifiée'
  return `client n°${row.id} (${methods} ; ${verified})`
}

/** The one account `email` (and `clientId`, when given) names, or why there is not exactly one. */
async function oneAccount(repo: ReturnType<typeof createStaffRepository>, email: string, clientId: number | undefined, usage: string): Promise<{ ok: true; row: Match } | { ok: false; message: string }> {
  const all = await repo.findByEmail(email.trim())
  const rows = clientId === undefined ? all : all.filter((r) => r.id === clientId)
  if (rows.length === 0) {
    return {
      ok: false,
      message:
        clientId !== undefined && all.length > 0
          ? `Le client n°${clientId} n'a pas l'adresse ${email} (elle est celle de : ${all.map(describeAccount).join(' ; ')}).`
          : `Aucun client avec l'adresse ${email} : il doit d'abord se connecter une fois à la boutique.`,
    }
  }
  if (rows.length > 1) {
    return {
      ok: false,
      message: `Plusieurs comptes ont l'adresse ${email} : ${rows.map(describeAccount).join(' ; ')}. Aucun n'a été modifié : choisissez le bon avec ${usage} --client <n°>.`,
    }
  }
  return { ok: true, row: rows[0]! }
}

export async function grantStaffRole(db: Executor, email: string, role: StaffRole, options: { clientId?: number; now?: Date } = {}): Promise<StaffRoleResult> {
  return db.transaction(async (tx) => {
    const repo = createStaffRepository(tx)
    const found = await oneAccount(repo, email, options.clientId, `npm run admin:grant -- ${email} ${role}`)
    if (!found.ok) return found
    const client = found.row
    if (client.emailVerified !== true) {
      return {
        ok: false,
        message: `L'adresse ${email} du ${describeAccount(client)} n'est pas vérifiée : n'importe qui peut ouvrir un compte avec l'adresse d'un autre. Cette personne se connecte d'abord à la boutique avec Google, ou après avoir ouvert le lien de vérification reçu par e-mail, puis recommencez.`,
      }
    }
    const access = clientAccess(tx)
    await access.setRole(client.id, role)
    const sessions = await access.revokeTokens(client.id, options.now ?? new Date())
    return { ok: true, clientId: client.id, message: `${client.email} (client n°${client.id}) a maintenant le rôle ${role} ; ${sessions} session(s) fermée(s) : il se reconnecte pour l'utiliser.` }
  })
}

export async function revokeStaffRole(db: Executor, email: string, options: { clientId?: number; now?: Date } = {}): Promise<StaffRoleResult> {
  return db.transaction(async (tx) => {
    const repo = createStaffRepository(tx)
    const found = await oneAccount(repo, email, options.clientId, `npm run admin:revoke -- ${email}`)
    if (!found.ok) return found.message.startsWith('Aucun client') ? { ok: false, message: `Aucun client avec l'adresse ${email}.` } : found
    const client = found.row
    const access = clientAccess(tx)
    await access.setRole(client.id, 'client')
    const tokens = await access.revokeTokens(client.id, options.now ?? new Date())
    return { ok: true, clientId: client.id, message: `${client.email} (client n°${client.id}) n'a plus accès au back-office (${tokens} session(s) révoquée(s)).` }
  })
}
