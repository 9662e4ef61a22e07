// How the customer's account appears in API answers: saved addresses (with their zone's fee)
// and the loyalty statement.
import type { Adresse } from '@teranga/shared/customer-answers'
import { toZone } from '../delivery/delivery.format.ts'
import type { AccountRepository } from './account.repository.ts'

export { adresseSchema, fideliteSchema as loyaltyStatementSchema } from '@teranga/shared/customer-answers'

type AddressRow = NonNullable<Awaited<ReturnType<AccountRepository['address']>>>

/** A saved address as the API shows it; `zone` is null once its zone left the table. */
export function toAdresse(row: AddressRow): Adresse {
  return {
    id: row.id,
    libelle: row.libelle,
    adresse: row.adresse,
    zone: row.zone ? toZone(row.zone) : null,
    telephone: row.telephone,
    latitude: row.latitude,
    longitude: row.longitude,
    pardefaut: row.parDefaut,
    repere: row.repere,
  }
}
