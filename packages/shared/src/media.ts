// Media keys ("catalogue/banana") become URLs of responsive WebP renderings; the server
// answers with these URLs and the storefront builds srcset from the same widths.
import { IMAGE_WIDTHS } from './constants.ts'

export const MEDIA_PREFIX = '/media/'
export const DEFAULT_IMAGE_WIDTH = 320

/** A key the shop stores for its own images: `catalogue/banane`, `uploads/<hex>`. */
const MEDIA_KEY = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/i
/** An address elsewhere (a Google photo); a plain-http one is asked over https, never mixed in. */
const EXTERNAL = /^(https?:)?\/\//

/**
 * Whether a stored value is one of the shop's image keys. Products, categories, slides, logos,
 * payment modes and tiers hold keys only (ADR 020); a value written before those checks (an
 * address elsewhere, a path with `..`, a `javascript:` text) is shown as no image, never loaded.
 */
export function isMediaKey(value: string): boolean {
  return MEDIA_KEY.test(value)
}

/** The URL of one rendering of a media key; absolute URLs (e.g. a Google photo) pass through, over https. */
export function mediaUrl(key: string, width: number = DEFAULT_IMAGE_WIDTH): string {
  if (EXTERNAL.test(key)) return key.replace(EXTERNAL, 'https://')
  if (key.startsWith('data:')) return key
  return `${MEDIA_PREFIX}${key}-${width}.webp`
}

/** The `srcset` of a media key, every rendering with its width. */
export function mediaSrcset(key: string): string {
  if (EXTERNAL.test(key) || key.startsWith('data:')) return ''
  return IMAGE_WIDTHS.map((w) => `${mediaUrl(key, w)} ${w}w`).join(', ')
}

/** The `image` URL and `imagesrcset` of an optional media key, as every API answer shows them (none for a value that is not a key). */
export function mediaFields(key: string | null | undefined): { image: string | null; imagesrcset: string | null } {
  return key && isMediaKey(key) ? { image: mediaUrl(key), imagesrcset: mediaSrcset(key) } : { image: null, imagesrcset: null }
}

/** How wide the storefront draws each kind of image (`sizes`), so preload hints match the page. */
export const IMAGE_SIZES = {
  slide: '(min-width: 992px) 60vw, 100vw',
  productDetails: '(min-width: 768px) 45vw, 360px',
  card: '(min-width: 1200px) 220px, (min-width: 768px) 30vw, 45vw',
} as const
