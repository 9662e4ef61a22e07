// How the customer's account appears in API answers: saved addresses (with their zone's fee)
// and the loyalty statement.
import { z } from 'zod'
import { toZone, zoneSchema } from '../delivery/delivery.format.ts'
import { privilegeSchema } from '../loyalty/loyalty.format.ts'
import type { AccountRepository } from './account.repository.ts'

export const adresseSchema = z.object({
  id: z.number(),
  libelle: z.string().nullable(),
  adresse: z.string(),
  zone: zoneSchema.nullable(),
  telephone: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  pardefaut: z.boolean(),
})

/** GET /api/fidelite: the balance, the tier it reaches, the next one, the latest movements. */
export const loyaltyStatementSchema = z.object({
  points: z.number(),
  privilege: privilegeSchema.nullable(),
  prochain: privilegeSchema.nullable(),
  historique: z.array(
    z.object({
      id: z.number(),
      points: z.number(),
      motif: z.string(),
      numerocommande: z.string().nullable(),
      date: z.string(),
      date_fr: z.string(),
    }),
  ),
})

type AddressRow = NonNullable<Awaited<ReturnType<AccountRepository['address']>>>

/** A saved address as the API shows it; `zone` is null once its zone left the table. */
export function toAdresse(row: AddressRow): z.infer<typeof adresseSchema> {
  return {
    id: row.id,
    libelle: row.libelle,
    adresse: row.adresse,
    zone: row.zone ? toZone(row.zone) : null,
    telephone: row.telephone,
    latitude: row.latitude,
    longitude: row.longitude,
    pardefaut: row.parDefaut,
  }
}
