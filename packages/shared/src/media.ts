// Media keys ("catalogue/banana") become URLs of responsive WebP renderings; the server
// answers with these URLs and the storefront builds srcset from the same widths.
import { IMAGE_WIDTHS } from './constants.ts'

export const MEDIA_PREFIX = '/media/'
export const DEFAULT_IMAGE_WIDTH = 320

/** The URL of one rendering of a media key; absolute URLs (e.g. a Google photo) pass through. */
export function mediaUrl(key: string, width: number = DEFAULT_IMAGE_WIDTH): string {
  if (/^(https?:)?\/\//.test(key) || key.startsWith('data:')) return key
  return `${MEDIA_PREFIX}${key}-${width}.webp`
}

/** The `srcset` of a media key, every rendering with its width. */
export function mediaSrcset(key: string): string {
  if (/^(https?:)?\/\//.test(key) || key.startsWith('data:')) return ''
  return IMAGE_WIDTHS.map((w) => `${mediaUrl(key, w)} ${w}w`).join(', ')
}

/** The `image` URL and `imagesrcset` of an optional media key, as every API answer shows them. */
export function mediaFields(key: string | null | undefined): { image: string | null; imagesrcset: string | null } {
  return key ? { image: mediaUrl(key), imagesrcset: mediaSrcset(key) } : { image: null, imagesrcset: null }
}

/** How wide the storefront draws each kind of image (`sizes`), so preload hints match the page. */
export const IMAGE_SIZES = {
  slide: '(min-width: 992px) 60vw, 100vw',
  productDetails: '(min-width: 768px) 45vw, 360px',
  card: '(min-width: 1200px) 220px, (min-width: 768px) 30vw, 45vw',
} as const
