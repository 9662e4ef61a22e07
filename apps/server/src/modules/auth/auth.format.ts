// How a customer appears in API answers (spec §3 `utilisateur`): sign-in, profile, and the
// client of an order.
import { mediaUrl } from '@teranga/shared/media'
import type { ClientRow, RoleRow } from './auth.repository.ts'

export {
  profileAnswerSchema as profileSchema,
  socialLoginAnswerSchema as signInSchema,
  utilisateurSchema,
} from '@teranga/shared/customer-answers'

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
