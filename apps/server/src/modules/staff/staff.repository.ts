// The staff: clients whose role is `admin` or `gestionnaire`, the role changes the back office
// and the admin:grant / admin:revoke scripts make (revoking also revokes the member's API
// tokens), and the invitations that give a role at a first sign-in.
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { STAFF_ROLES, type StaffRole } from '@teranga/shared/constants'
import type { Executor } from '../../db/client.ts'
import { clients, invitationsStaff, livreurs, roles } from '../../db/schema.ts'

export function createStaffRepository(db: Executor) {
  const member = { id: clients.id, email: clients.email, prenom: clients.prenom, name: clients.name, role: roles.name }
  return {
    async findById(id: number) {
      const [row] = await db.select(member).from(clients).innerJoin(roles, eq(roles.id, clients.roleId)).where(eq(clients.id, id)).limit(1)
      return row
    },

    async list() {
      return db
        .select(member)
        .from(clients)
        .innerJoin(roles, eq(roles.id, clients.roleId))
        .where(inArray(roles.name, [...STAFF_ROLES]))
        .orderBy(asc(roles.name), asc(clients.email), asc(clients.id))
    },

    /** Every client with that address (any case): the same address can sit on several accounts, verified or not. */
    async findByEmail(email: string) {
      return db
        .select({ ...member, emailVerified: clients.emailVerified, signInMethods: clients.signInMethods })
        .from(clients)
        .innerJoin(roles, eq(roles.id, clients.roleId))
        .where(sql`lower(${clients.email}) = lower(${email})`)
        .orderBy(asc(clients.id))
    },

    /** Every client whose proved phone number is `e164` (issue 25 §3). */
    async findByVerifiedPhone(e164: string) {
      return db.select(member).from(clients).innerJoin(roles, eq(roles.id, clients.roleId)).where(eq(clients.telephoneVerifie, e164)).orderBy(asc(clients.id))
    },

    /** The courier `id`, with whether an account or a waiting invitation already stands for them. */
    async courierForInvitation(id: number, now: Date) {
      const [row] = await db
        .select({
          id: livreurs.id,
          nom: livreurs.nom,
          // Qualified by hand: drizzle leaves a one-table select's columns bare, which the subquery would rebind.
          taken: sql<boolean>`"livreurs"."client_id" is not null or exists (select 1 from ${invitationsStaff} i where i.livreur_id = "livreurs"."id" and i.accepted_at is null and i.expires_at > ${now.toISOString()})`,
        })
        .from(livreurs)
        .where(eq(livreurs.id, id))
      return row
    },

    /** Locks the staff rows so that two admins removing each other cannot leave the shop with none. */
    async lockAdmins() {
      const rows = await db
        .select({ id: clients.id })
        .from(clients)
        .innerJoin(roles, eq(roles.id, clients.roleId))
        .where(eq(roles.name, 'admin'))
        .for('update', { of: clients })
      return rows.map((r) => r.id)
    },

    async invitations(limit: number) {
      const inviter = alias(clients, 'inviter')
      return db
        .select({ invitation: invitationsStaff, inviter: inviter.email })
        .from(invitationsStaff)
        .leftJoin(inviter, eq(inviter.id, invitationsStaff.invitedBy))
        .orderBy(sql`${invitationsStaff.acceptedAt} is not null`, desc(invitationsStaff.createdAt), desc(invitationsStaff.id))
        .limit(limit)
    },

    /** The new invitation, or undefined when one already waits for that email or phone (their unique indexes). */
    async insertInvitation(values: { email: string | null; telephone: string | null; role: StaffRole; livreurId: number | null; invitedBy: number; expiresAt: Date }) {
      const [row] = await db.insert(invitationsStaff).values(values).onConflictDoNothing().returning()
      return row
    },

    /** A waiting or expired invitation, deleted; accepted ones stay as the record. */
    async deleteInvitation(id: number) {
      const [row] = await db
        .delete(invitationsStaff)
        .where(and(eq(invitationsStaff.id, id), isNull(invitationsStaff.acceptedAt)))
        .returning()
      return row
    },

    /** Drops a waiting invitation left expired, so that a new one can be made for that email or phone. */
    async deleteExpiredInvitation(contact: { email: string | null; telephone: string | null }, now: Date) {
      const same = contact.email !== null ? eq(invitationsStaff.email, contact.email) : eq(invitationsStaff.telephone, contact.telephone ?? '')
      await db.delete(invitationsStaff).where(and(same, isNull(invitationsStaff.acceptedAt), sql`${invitationsStaff.expiresAt} <= ${now}`))
    },

    /** Marks the invitation waiting for the proved phone `e164` accepted by `clientId`, if one is still valid. */
    async acceptPhoneInvitation(e164: string, clientId: number, now: Date) {
      const [row] = await db
        .update(invitationsStaff)
        .set({ acceptedAt: now, acceptedBy: clientId })
        .where(and(eq(invitationsStaff.telephone, e164), isNull(invitationsStaff.acceptedAt), gt(invitationsStaff.expiresAt, now)))
        .returning()
      return row
    },

    /**
     * The account `clientId` signs in as the courier `livreurId` (its invitation accepted): the
     * staff module writes this one column of the dispatch module's table (table-owners.ts).
     */
    async linkCourier(livreurId: number, clientId: number) {
      await db.update(livreurs).set({ clientId: null }).where(eq(livreurs.clientId, clientId))
      await db.update(livreurs).set({ clientId }).where(eq(livreurs.id, livreurId))
    },

    /** Marks the invitation waiting for `email` accepted by `clientId`, if one is still valid. */
    async acceptInvitation(email: string, clientId: number, now: Date) {
      const [row] = await db
        .update(invitationsStaff)
        .set({ acceptedAt: now, acceptedBy: clientId })
        .where(and(eq(invitationsStaff.email, email.toLowerCase()), isNull(invitationsStaff.acceptedAt), gt(invitationsStaff.expiresAt, now)))
        .returning()
      return row
    },
  }
}

export type StaffRepository = ReturnType<typeof createStaffRepository>
