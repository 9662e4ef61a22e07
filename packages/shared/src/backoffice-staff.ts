// The back office's staff management (issue 16): invitations by email with a role, role
// changes and removals. Schemas shared by the server (which validates every write with them)
// and apps/admin, with their French messages and the roles' names.
import { z } from 'zod'
import { STAFF_ROLES, type StaffRole } from './constants.ts'

export const STAFF_MESSAGES = {
  emailInvalid: "L'adresse e-mail n'est pas valide.",
  roleInvalid: 'Choisissez un rôle : administrateur ou gestionnaire.',
  alreadyStaff: "Cette personne fait déjà partie de l'équipe : changez son rôle dans la liste.",
  alreadyInvited: 'Une invitation attend déjà cette adresse : supprimez-la pour en envoyer une autre.',
  invitationNotFound: 'Invitation introuvable.',
  memberNotFound: "Membre de l'équipe introuvable.",
  lastAdmin: "La boutique doit garder au moins un administrateur : nommez-en un autre d'abord.",
  invited: (email: string) => `Invitation enregistrée pour ${email} : le rôle sera donné à sa première connexion avec cette adresse.`,
  removed: "Ce membre n'a plus accès au back-office et ses sessions sont fermées.",
} as const

/** The roles as people read them. */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: 'Administrateur', gestionnaire: 'Gestionnaire' }

/** How long an invitation waits for its first sign-in. */
export const INVITATION_TTL_DAYS = 14

const role = z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.roleInvalid })

export const invitationSchema = z.object({
  email: z
    .string({ error: STAFF_MESSAGES.emailInvalid })
    .trim()
    .toLowerCase()
    .max(254, { error: STAFF_MESSAGES.emailInvalid })
    .pipe(z.email({ error: STAFF_MESSAGES.emailInvalid })),
  role,
})
export type InvitationInput = z.infer<typeof invitationSchema>

export const staffRoleSchema = z.object({ role })
export type StaffRoleInput = z.infer<typeof staffRoleSchema>

/** A pending or answered invitation, as GET /api/invitation lists it. */
export const invitationResponseSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: role,
  etat: z.enum(['en_attente', 'acceptee', 'expiree']),
  invite_par: z.string().nullable(),
  date: z.string(),
  expire_le: z.string(),
  acceptee_le: z.string().nullable(),
})
export type Invitation = z.infer<typeof invitationResponseSchema>

export const staffMemberSchema = z.object({
  id: z.number(),
  email: z.string().nullable(),
  prenom: z.string().nullable(),
  name: z.string().nullable(),
  role: role,
})
export type StaffMember = z.infer<typeof staffMemberSchema>
