// The shop's own pages (issue 19 §2): the texts the owner edits in the back office, in Markdown,
// with each page's title and description for search engines. The form's schema is the server's
// body schema; its limits are what the database's check accepts (migration 0023).
import { z } from 'zod'

export const CONTENT_SLUGS = ['cgv', 'faq', 'livraison', 'contact'] as const
export type ContentSlug = (typeof CONTENT_SLUGS)[number]

/** Where each page lives on the storefront (/livraison is the checkout's delivery step). */
export const CONTENT_PAGE_PATHS: Record<ContentSlug, string> = {
  cgv: '/cgv',
  faq: '/faq',
  livraison: '/informations-livraison',
  contact: '/contact',
}

/** The back office's names for them. */
export const CONTENT_PAGE_LABELS: Record<ContentSlug, string> = {
  cgv: 'Conditions générales de vente',
  faq: 'Questions fréquentes',
  livraison: 'Informations de livraison',
  contact: 'Contact',
}

export const CONTENT_LIMITS = { titre: 120, description: 300, contenu: 20_000 } as const

export const CONTENT_MESSAGES = {
  pageNotFound: "Cette page n'existe pas.",
  titreRequired: 'Le titre est obligatoire.',
  titreTooLong: `Le titre ne doit pas dépasser ${CONTENT_LIMITS.titre} caractères.`,
  descriptionRequired: 'La description est obligatoire.',
  descriptionTooLong: `La description ne doit pas dépasser ${CONTENT_LIMITS.description} caractères.`,
  contenuTooLong: `Le texte ne doit pas dépasser ${String(CONTENT_LIMITS.contenu).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} caractères.`,
  contenuInvalid: 'Le texte de la page est invalide.',
  pageLoadError: "La page n'a pas pu être chargée. Réessayez.",
  saved: 'Page enregistrée.',
} as const

export const contentSlugSchema = z.enum(CONTENT_SLUGS, { error: CONTENT_MESSAGES.pageNotFound })

/** PUT /api/pages/{slug}: the page's title, description and Markdown body. */
export const pageContenuSchema = z.object({
  titre: z
    .string({ error: CONTENT_MESSAGES.titreRequired })
    .trim()
    .min(1, { error: CONTENT_MESSAGES.titreRequired })
    .max(CONTENT_LIMITS.titre, { error: CONTENT_MESSAGES.titreTooLong }),
  description: z
    .string({ error: CONTENT_MESSAGES.descriptionRequired })
    .trim()
    .min(1, { error: CONTENT_MESSAGES.descriptionRequired })
    .max(CONTENT_LIMITS.description, { error: CONTENT_MESSAGES.descriptionTooLong }),
  contenu: z.string({ error: CONTENT_MESSAGES.contenuInvalid }).max(CONTENT_LIMITS.contenu, { error: CONTENT_MESSAGES.contenuTooLong }),
})
export type PageContenuInput = z.infer<typeof pageContenuSchema>

/** A page as the API answers it: the Markdown the owner wrote and the HTML the shop shows. */
export const pageContenuResponseSchema = z.object({
  slug: contentSlugSchema,
  titre: z.string(),
  description: z.string(),
  contenu: z.string(),
  /** The Markdown rendered on the server, raw HTML and unsafe links left out. */
  html: z.string(),
  updated_at: z.string(),
})
export type PageContenu = z.infer<typeof pageContenuResponseSchema>
