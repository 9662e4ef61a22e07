// Staff management from the back office (issue 16): invitations that give a role at the
// invitee's first verified sign-in with that email, role changes and removals (which end the
// member's sessions), each in one transaction with its audit line. The shop always keeps one admin.
import { INVITATION_TTL_DAYS, STAFF_MESSAGES, STAFF_ROLE_LABELS, type Invitation, type InvitationInput, type StaffRoleInput } from '@teranga/shared/backoffice-staff'
import { isStaffRole, type StaffRole } from '@teranga/shared/constants'
import type { Executor } from '../../db/client.ts'
import type { invitationsStaff } from '../../db/schema.ts'
import { badInput, conflict, notFound } from '../../lib/errors.ts'
import type { Audit } from '../audit/audit.plugin.ts'
import { clientAccess } from '../auth/auth.service.ts'
import { createStaffRepository } from './staff.repository.ts'

type InvitationRow = typeof invitationsStaff.$inferSelect

/**
 * The link an invitation shares: the back office's sign-in page. The invitation is bound to its
 * e-mail or phone number, proved at sign-in; the link carries no secret and gives nothing to
 * anyone else (ADR 056).
 */
export const invitationLink = (publicUrl: string) => `${publicUrl}/admin/`

export function toInvitation(row: InvitationRow, inviter: string | null, now: Date, publicUrl = ''): Invitation {
  return {
    id: row.id,
    email: row.email,
    telephone: row.telephone,
    role: row.role as StaffRole,
    livreur: row.livreurId,
    lien: invitationLink(publicUrl),
    etat: row.acceptedAt ? 'acceptee' : row.expiresAt <= now ? 'expiree' : 'en_attente',
    invite_par: inviter,
    date: row.createdAt.toISOString(),
    expire_le: row.expiresAt.toISOString(),
    acceptee_le: row.acceptedAt?.toISOString() ?? null,
  }
}

/** How an invitation by phone goes out (the messages module's outbox), in the invitation's transaction. */
export type InvitationSender = (tx: Executor, invitation: { id: number; telephone: string; body: string }) => Promise<boolean>

export function createStaffService(deps: {
  db: Executor
  audit: Audit
  tokenOwners: { forgetClient(clientId: number): void }
  now?: () => Date
  /** The shop's public address, for the invitations' link. */
  publicUrl?: string
  sendInvitation?: InvitationSender
}) {
  const { db, audit, tokenOwners } = deps
  const publicUrl = deps.publicUrl ?? ''
  const now = deps.now ?? (() => new Date())

  /** The staff member `id`, locked with every admin: the last-admin rule reads a stable set. */
  async function lockedMember(tx: Executor, id: number) {
    const repo = createStaffRepository(tx)
    const admins = await repo.lockAdmins()
    const member = await repo.findById(id)
    if (!member || !isStaffRole(member.role)) throw notFound(STAFF_MESSAGES.memberNotFound)
    // Roles and tokens sit on the client rows and tokens: the auth module's tables (ADR 048).
    return { access: clientAccess(tx), member: { ...member, role: member.role }, admins }
  }

  return {
    async invitations(): Promise<Invitation[]> {
      const at = now()
      const rows = await createStaffRepository(db).invitations(200)
      return rows.map((r) => toInvitation(r.invitation, r.inviter, at, publicUrl))
    },

    async invite(staffId: number, input: InvitationInput): Promise<Invitation> {
      const at = now()
      return db.transaction(async (tx) => {
        const repo = createStaffRepository(tx)
        const contact = { email: input.email ?? null, telephone: input.telephone ?? null }
        const field = contact.email !== null ? 'email' : 'telephone'
        const existing = contact.email !== null ? await repo.findByEmail(contact.email) : await repo.findByVerifiedPhone(contact.telephone!)
        if (existing.some((c) => isStaffRole(c.role))) throw conflict(STAFF_MESSAGES.alreadyStaff, { [field]: [STAFF_MESSAGES.alreadyStaff] })
        if (input.livreur !== undefined) {
          const courier = await repo.courierForInvitation(input.livreur, at)
          if (!courier) throw badInput(STAFF_MESSAGES.courierRequired, { livreur: [STAFF_MESSAGES.courierRequired] })
          if (courier.taken) throw conflict(STAFF_MESSAGES.courierAlreadyLinked, { livreur: [STAFF_MESSAGES.courierAlreadyLinked] })
        }
        await repo.deleteExpiredInvitation(contact, at)
        const row = await repo.insertInvitation({
          ...contact,
          role: input.role,
          livreurId: input.livreur ?? null,
          invitedBy: staffId,
          expiresAt: new Date(at.getTime() + INVITATION_TTL_DAYS * 86_400_000),
        })
        if (!row) {
          const message = field === 'email' ? STAFF_MESSAGES.alreadyInvited : STAFF_MESSAGES.alreadyInvitedPhone
          throw conflict(message, { [field]: [message] })
        }
        // By SMS (or WhatsApp): the invitee hears of it and where to sign in (no secret in it).
        if (row.telephone && deps.sendInvitation) {
          await deps.sendInvitation(tx, { id: row.id, telephone: row.telephone, body: `${STAFF_MESSAGES.shareText(STAFF_ROLE_LABELS[input.role])} ${invitationLink(publicUrl)}` })
        }
        // The phone number is personal data: the audit line names the invitation, not the number.
        await audit.record(tx, { staffId, action: 'invitation.creer', resource: 'invitation', resourceId: row.id, after: { email: row.email, par_telephone: row.telephone !== null, role: row.role, livreur: row.livreurId } })
        const inviter = await repo.findById(staffId)
        return toInvitation(row, inviter?.email ?? null, at, publicUrl)
      })
    },

    async deleteInvitation(staffId: number, id: number) {
      await db.transaction(async (tx) => {
        const row = await createStaffRepository(tx).deleteInvitation(id)
        if (!row) throw notFound(STAFF_MESSAGES.invitationNotFound)
        await audit.record(tx, { staffId, action: 'invitation.supprimer', resource: 'invitation', resourceId: id, before: { email: row.email, role: row.role } })
      })
    },

    async changeRole(staffId: number, memberId: number, input: StaffRoleInput) {
      return db.transaction(async (tx) => {
        const { access, member, admins } = await lockedMember(tx, memberId)
        if (member.role === 'admin' && input.role !== 'admin' && admins.length <= 1) throw conflict(STAFF_MESSAGES.lastAdmin, { role: [STAFF_MESSAGES.lastAdmin] })
        // A courier's role comes with the courier they are, which only an invitation names (ADR 056).
        if (input.role === 'livreur' && member.role !== 'livreur') throw badInput(STAFF_MESSAGES.courierByInvitation, { role: [STAFF_MESSAGES.courierByInvitation] })
        if (member.role !== input.role) {
          await access.setRole(memberId, input.role)
          // A role is picked up by signing in again: no token minted before carries a new one (ADR 042).
          const sessions = await access.revokeTokens(memberId, now())
          await audit.record(tx, { staffId, action: 'staff.role', resource: 'staff', resourceId: memberId, before: { role: member.role }, after: { role: input.role, sessions_fermees: sessions } })
        }
        return { ...member, role: input.role }
      }).finally(() => tokenOwners.forgetClient(memberId))
    },

    /** The member becomes a customer again and every session of theirs ends (their API tokens). */
    async remove(staffId: number, memberId: number) {
      await db.transaction(async (tx) => {
        const { access, member, admins } = await lockedMember(tx, memberId)
        if (member.role === 'admin' && admins.length <= 1) throw conflict(STAFF_MESSAGES.lastAdmin)
        await access.setRole(memberId, 'client')
        const sessions = await access.revokeTokens(memberId, now())
        await audit.record(tx, { staffId, action: 'staff.retirer', resource: 'staff', resourceId: memberId, before: { role: member.role, email: member.email }, after: { role: 'client', sessions_fermees: sessions } })
      })
      // Every instance hears it from the database (ADR 021); this one forgets at once.
      tokenOwners.forgetClient(memberId)
    },

    /**
     * At sign-in, in its transaction (the client's row locked): the invitation waiting for this
     * verified email gives its role, and revokes the API tokens minted before (they were not
     * proved by this verified sign-in; the one the sign-in mints next carries the role). An
     * unverified email proves nothing (anyone can create a password account with someone
     * else's address). The caller forgets the client's tokens once committed.
     */
    async acceptAtSignIn(
      client: { id: number; email: string | null; emailVerified: boolean; phoneNumber?: string | null },
      tx: Executor,
    ): Promise<{ roleChanged: boolean }> {
      const repo = createStaffRepository(tx)
      // The email proved by Firebase, else the phone number its phone sign-in proved (the
      // token's `phone_number`, never a number typed: issue 25 §3, ADR 056).
      const invitation =
        (client.email && client.emailVerified ? await repo.acceptInvitation(client.email, client.id, now()) : undefined) ??
        (client.phoneNumber ? await repo.acceptPhoneInvitation(client.phoneNumber, client.id, now()) : undefined)
      if (!invitation) return { roleChanged: false }
      if (invitation.livreurId !== null) await repo.linkCourier(invitation.livreurId, client.id)
      const current = await repo.findById(client.id)
      // Made staff some other way meanwhile (admin:grant): the invitation is spent, the role kept.
      const roleChanged = Boolean(current && !isStaffRole(current.role))
      if (roleChanged) {
        const access = clientAccess(tx)
        await access.setRole(client.id, invitation.role as StaffRole)
        await access.revokeTokens(client.id, now())
      }
      await audit.record(tx, { staffId: client.id, action: 'invitation.acceptee', resource: 'invitation', resourceId: invitation.id, after: { email: invitation.email, role: invitation.role, livreur: invitation.livreurId } })
      return { roleChanged }
    },
  }
}

export type StaffService = ReturnType<typeof createStaffService>
