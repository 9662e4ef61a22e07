// The owner's alerts (issue 26 §4, ADR 062): what the staff numbers of « Coordonnées » are told
// of beyond each new order — a stock crossing its threshold, a daily summary of what is low, an
// unpaid order about to expire, an order whose payment failed twice — and by which channel.
// One schema for the back office's « Alertes » form and the server's PUT /api/preference/alertes.
import { z } from 'zod'

export const ALERT_MESSAGES = {
  canalInvalid: 'Choisissez SMS ou WhatsApp.',
  resumeHeureInvalid: "L'heure du résumé s'écrit HH:MM (par exemple 08:00), ou laissez vide pour ne pas l'envoyer.",
  booleanInvalid: 'Indiquez oui ou non.',
  impayeesMinutesInvalid: 'Le délai doit être un nombre entier de minutes entre 1 et 25.',
  nothingToChange: 'Aucun champ à modifier : indiquez au moins une valeur.',
} as const

export const ALERT_CHANNELS = ['sms', 'whatsapp'] as const
export type AlertChannel = (typeof ALERT_CHANNELS)[number]

/** Until the owner saves the section: stock alerts by SMS, no summary, the other two off. */
export const DEFAULT_ALERT_SETTINGS = {
  canal: 'sms',
  resume_heure: null,
  stock: true,
  impayees: false,
  impayees_minutes: 10,
  paiement_echoue: false,
} as const satisfies AlertSettings

const flag = z.boolean({ error: ALERT_MESSAGES.booleanInvalid })

/** The « Alertes » section's body (PUT: any of the fields; an empty body is refused). */
export const alertSettingsSchema = z
  .object({
    canal: z.enum(ALERT_CHANNELS, { error: ALERT_MESSAGES.canalInvalid }),
    /** Dakar's time (UTC all year) of the daily summary, HH:MM; null: no summary. */
    resume_heure: z
      .string({ error: ALERT_MESSAGES.resumeHeureInvalid })
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: ALERT_MESSAGES.resumeHeureInvalid })
      .nullable(),
    stock: flag,
    impayees: flag,
    /** An unpaid order is told of when its expiry (30 min after placing) is this close. */
    impayees_minutes: z
      .number({ error: ALERT_MESSAGES.impayeesMinutesInvalid })
      .int({ error: ALERT_MESSAGES.impayeesMinutesInvalid })
      .min(1, { error: ALERT_MESSAGES.impayeesMinutesInvalid })
      .max(25, { error: ALERT_MESSAGES.impayeesMinutesInvalid }),
    paiement_echoue: flag,
  })
  .partial()
export type AlertSettingsInput = z.output<typeof alertSettingsSchema>

export const alertSettingsResponseSchema = z.object({
  canal: z.enum(ALERT_CHANNELS),
  resume_heure: z.string().nullable(),
  stock: z.boolean(),
  impayees: z.boolean(),
  impayees_minutes: z.number(),
  paiement_echoue: z.boolean(),
})
export type AlertSettings = z.output<typeof alertSettingsResponseSchema>
