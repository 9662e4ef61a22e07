// The back office's staff management (issue 16): invitations by email with a role, role
// changes and removals. Schemas shared by the server (which validates every write with them)
// and apps/admin, with their French messages and the roles' names.
import { z } from 'zod'
import { STAFF_ROLE_LABELS, STAFF_ROLES } from './constants.ts'
import { normalizePhone } from './phone.ts'
import { bodyIdSchema } from './schemas.ts'

export const STAFF_MESSAGES = {
  emailInvalid: "L'adresse e-mail n'est pas valide.",
  roleInvalid: 'Choisissez un rôle : administrateur, gestionnaire ou livreur.',
  alreadyStaff: "Cette personne fait déjà partie de l'équipe : changez son rôle dans la liste.",
  alreadyInvited: 'Une invitation attend déjà cette adresse : supprimez-la pour en envoyer une autre.',
  invitationNotFound: 'Invitation introuvable.',
  memberNotFound: "Membre de l'équipe introuvable.",
  lastAdmin: "La boutique doit garder au moins un administrateur : nommez-en un autre d'abord.",
  invited: (email: string) => `Invitation enregistrée pour ${email} : le rôle sera donné à sa première connexion avec cette adresse.`,
  removed: "Ce membre n'a plus accès au back-office et ses sessions sont fermées.",
  // Invitations by phone and the courier's link (issue 25 §3, ADR 056).
  contactRequired: 'Indiquez une adresse e-mail ou un numéro de téléphone.',
  contactBoth: 'Indiquez une adresse e-mail ou un numéro de téléphone, pas les deux.',
  courierRequired: 'Choisissez le livreur que cette personne sera.',
  courierOnlyForLivreur: "Seul un livreur se lie à un livreur de la liste : choisissez le rôle « Livreur » ou retirez le livreur.",
  courierByInvitation: "Le rôle de livreur se donne par une invitation qui nomme le livreur : invitez cette personne depuis le formulaire.",
  courierAlreadyLinked: 'Ce livreur a déjà un compte ou une invitation en attente.',
  alreadyInvitedPhone: 'Une invitation attend déjà ce numéro : supprimez-la pour en envoyer une autre.',
  invitedPhone: (telephone: string) => `Invitation envoyée au ${telephone} : le rôle sera donné à sa première connexion avec ce numéro.`,
  linkCopied: 'Lien copié.',
  shareText: (role: string) => `Bonjour, vous êtes invité(e) à rejoindre l'équipe de la boutique Teranga (${role}). Connectez-vous ici avec votre e-mail ou votre numéro de téléphone :`,
} as const

export { STAFF_ROLE_LABELS }

/** How long an invitation waits for its first sign-in. */
export const INVITATION_TTL_DAYS = 14

const role = z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.roleInvalid })

/** A phone typed by a person, as E.164 after the shop's phone rule (phone.ts). */
export const invitationPhoneSchema = z.string({ error: STAFF_MESSAGES.contactRequired }).max(40, { error: STAFF_MESSAGES.contactRequired }).transform((typed, ctx) => {
  const result = normalizePhone(typed)
  if (result.ok) return result.e164
  ctx.addIssue({ code: 'custom', message: result.message })
  return z.NEVER
})

const invitationEmail = z
  .string({ error: STAFF_MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, { error: STAFF_MESSAGES.emailInvalid })
  .pipe(z.email({ error: STAFF_MESSAGES.emailInvalid }))

/**
 * POST /api/invitation: an e-mail address or a phone number (never both), a role, and for a
 * `livreur` the courier of the list they will be (ADR 056).
 */
export const invitationSchema = z
  .object({
    email: invitationEmail.optional(),
    telephone: invitationPhoneSchema.optional(),
    role,
    livreur: bodyIdSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.email === undefined && value.telephone === undefined) ctx.addIssue({ code: 'custom', path: ['email'], message: STAFF_MESSAGES.contactRequired })
    if (value.email !== undefined && value.telephone !== undefined) ctx.addIssue({ code: 'custom', path: ['telephone'], message: STAFF_MESSAGES.contactBoth })
    if (value.role === 'livreur' && value.livreur === undefined) ctx.addIssue({ code: 'custom', path: ['livreur'], message: STAFF_MESSAGES.courierRequired })
    if (value.role !== 'livreur' && value.livreur !== undefined) ctx.addIssue({ code: 'custom', path: ['livreur'], message: STAFF_MESSAGES.courierOnlyForLivreur })
  })
export type InvitationInput = z.infer<typeof invitationSchema>

export const staffRoleSchema = z.object({ role })
export type StaffRoleInput = z.infer<typeof staffRoleSchema>

/** A pending or answered invitation, as GET /api/invitation lists it. */
export const invitationResponseSchema = z.object({
  id: z.number(),
  email: z.string().nullable(),
  telephone: z.string().nullable(),
  role: role,
  /** The courier of the list a `livreur` invitation names. */
  livreur: z.number().nullable(),
  /** The back office's sign-in page, to share: the invitation is bound to its e-mail or phone, so the link gives nothing to anyone else. */
  lien: z.string(),
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
