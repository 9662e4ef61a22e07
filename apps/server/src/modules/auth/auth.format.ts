// How a customer appears in API answers (spec §3 `utilisateur`): sign-in, profile, and the
// client of an order.
import { z } from 'zod'
import { mediaUrl } from '@teranga/shared/media'
import type { ClientRow, RoleRow } from './auth.repository.ts'

export const roleSchema = z.object({ id: z.number(), name: z.string(), isadmin: z.boolean(), isclient: z.boolean() })

export const utilisateurSchema = z.object({
  id: z.number(),
  prenom: z.string(),
  nom: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  googleImg: z.string().nullable(),
  telephone: z.string().nullable(),
  /** The number Firebase proved by SMS (E.164); `telephone` is the contact number the customer types. */
  telephoneVerifie: z.string().nullable(),
  ville: z.string().nullable(),
  pays: z.string().nullable(),
  civilite: z.number().nullable(),
  adresseliv: z.string().nullable(),
  role: roleSchema.optional(),
  points: z.number().optional(),
})

/** The `utilisateur` of the login and profile answers (spec §3), plus the account fields. */
export function toUtilisateur(client: ClientRow, role?: RoleRow, points?: number) {
  const image = client.image ?? client.googleImg
  return {
    id: client.id,
    prenom: client.prenom ?? '',
    nom: client.name ?? '',
    email: client.email ?? '',
    image: image ? mediaUrl(image) : null,
    googleImg: client.googleImg,
    telephone: client.telephone,
    telephoneVerifie: client.telephoneVerifie,
    ville: client.ville,
    pays: client.pays,
    civilite: client.civilite,
    adresseliv: client.adresseliv,
    ...(role ? { role: { id: role.id, name: role.name, isadmin: role.isadmin, isclient: role.isclient } } : {}),
    ...(points !== undefined ? { points } : {}),
  }
}

export const signInSchema = z.object({ utilisateur: utilisateurSchema, token: z.string() })
export const profileSchema = z.object({ utilisateur: utilisateurSchema })
