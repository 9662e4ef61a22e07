// Invoices and credit notes (issue 26 §3, ADR 061): the « Facturation » settings' schema with its
// French refusals (the server checks every write with it, the back office's form uses it), the
// documents' numbers, and the VAT taken out of a tax-included total. One source for both sides.
import { z } from 'zod'
import { formatPrix } from './money.ts'
import { optionalField } from './schemas.ts'

export const INVOICE_MESSAGES = {
  unavailable: 'Facture disponible après paiement ou livraison',
  creditNoteNotFound: 'Avoir introuvable.',
  creditNoteNumberInvalid: 'Numéro d’avoir invalide : il s’écrit A-année-six chiffres, par exemple A-2026-000045.',
  downloadError: 'Le document n’a pas pu être téléchargé.',
  nomTooLong: 'Le nom de la boutique est trop long (150 caractères au plus).',
  adresseTooLong: "L'adresse est trop longue (300 caractères au plus).",
  nineaInvalid: 'Le NINEA s’écrit avec 7 à 15 chiffres et lettres (par exemple 0123456 2G3).',
  rccmInvalid: 'Le RCCM s’écrit avec des lettres, chiffres, espaces, « - » ou « / » (60 caractères au plus), par exemple SN-DKR-2024-B-12345.',
  telephoneInvalid: "Le numéro de téléphone n'est pas valide.",
  piedTooLong: 'Le pied de facture est trop long (500 caractères au plus).',
  tvaInvalid: 'Le taux de TVA est un pourcentage entier de 1 à 100 (18 au Sénégal), ou vide pour ne pas afficher de TVA.',
} as const

/** The link texts of « Mes achats » and the back office's order page. */
export const INVOICE_LINKS = { facture: 'Facture (PDF)', avoir: 'Avoir (PDF)' } as const

const M = INVOICE_MESSAGES

/** PUT /api/facturation: a field left out keeps its value, null or empty clears it. */
export const billingSettingsSchema = z.object({
  nom: optionalField(z.string({ error: M.nomTooLong }).trim().max(150, { error: M.nomTooLong })),
  adresse: optionalField(z.string({ error: M.adresseTooLong }).trim().max(300, { error: M.adresseTooLong })),
  // 7 to 15 letters and digits, spaces between them allowed (« 0123456 2G3 »).
  ninea: optionalField(
    z
      .string({ error: M.nineaInvalid })
      .trim()
      // The column holds 40 characters: a NINEA padded with spaces past it is refused here, not by the database.
      .max(40, { error: M.nineaInvalid })
      .refine((value) => /^[0-9A-Za-z](?:[0-9A-Za-z ]*[0-9A-Za-z])?$/.test(value) && /^[0-9A-Za-z]{7,15}$/.test(value.replace(/ /g, '')), { error: M.nineaInvalid }),
  ),
  rccm: optionalField(z.string({ error: M.rccmInvalid }).trim().regex(/^[0-9A-Za-z][0-9A-Za-z /-]{2,59}$/, { error: M.rccmInvalid })),
  telephone: optionalField(z.string({ error: M.telephoneInvalid }).trim().regex(/^\+?[0-9][0-9 ]{6,19}$/, { error: M.telephoneInvalid })),
  pied: optionalField(z.string({ error: M.piedTooLong }).trim().max(500, { error: M.piedTooLong })),
  tva_taux: optionalField(z.number({ error: M.tvaInvalid }).int({ error: M.tvaInvalid }).min(1, { error: M.tvaInvalid }).max(100, { error: M.tvaInvalid })),
})
export type BillingSettingsInput = z.infer<typeof billingSettingsSchema>

/** GET|PUT /api/facturation's answer: every field, null when not set. */
export const billingSettingsResponseSchema = z.object({
  nom: z.string().nullable(),
  adresse: z.string().nullable(),
  ninea: z.string().nullable(),
  rccm: z.string().nullable(),
  telephone: z.string().nullable(),
  pied: z.string().nullable(),
  tva_taux: z.number().nullable(),
})
export type BillingSettings = z.infer<typeof billingSettingsResponseSchema>

/** The kinds of document and their number's letter. */
export type DocumentKind = 'F' | 'A'

/** A credit note's file in a path, its number and « .pdf »: « A-2026-000045.pdf » (else a 400 in French). */
export const creditNoteFileSchema = z.string().regex(/^A-\d{4}-\d{6}\.pdf$/, { error: M.creditNoteNumberInvalid })

/**
 * The VAT inside a tax-included total (prices are TTC in this shop): HT = TTC × 100 / (100 + rate),
 * rounded to the franc, TVA = TTC − HT, so the TTC shown is exactly what was paid. Null without a rate.
 */
export function vatOf(ttc: number, rate: number | null): { ht: number; tva: number; ttc: number; rate: number } | null {
  if (!rate) return null
  const ht = Math.round((ttc * 100) / (100 + rate))
  return { ht, tva: ttc - ht, ttc, rate }
}

/** What an order's detail says of its documents: the invoice's number (null: none yet) and the credit notes'. */
export const orderDocumentsSchema = z.object({
  facture: z.string().nullable(),
  avoirs: z.array(z.object({ numero: z.string(), montant: z.number(), montant_fr: z.string() })),
})
export type OrderDocuments = z.infer<typeof orderDocumentsSchema>

/** An order's documents as the detail reads them. */
export const orderDocuments = (facture: string | null, avoirs: ReadonlyArray<{ numero: string; montant: number }>): OrderDocuments => ({
  facture,
  avoirs: avoirs.map((a) => ({ numero: a.numero, montant: a.montant, montant_fr: formatPrix(a.montant) })),
})

/** Where a document is downloaded, under the order's path. */
export const invoicePath = (numero: string) => `/api/commande/${encodeURIComponent(numero)}/facture.pdf`
export const creditNotePath = (numero: string, avoir: string) => `/api/commande/${encodeURIComponent(numero)}/avoir/${encodeURIComponent(avoir)}.pdf`
