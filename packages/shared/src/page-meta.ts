// What a page tells search engines and link previews (WhatsApp, Facebook): its route declares
// it from the data the page shows (apps/web/src/app/page-meta.ts), the server writes it into the
// HTML it sends as <title>, description, canonical link, Open Graph tags and, for a product,
// schema.org Product data (apps/server/src/modules/storefront/page-head.ts). Paths are the
// shop's own (`/product/3`, `/media/…`): the server makes them absolute from PUBLIC_URL.

export interface PageMeta {
  /** The page's own title; the server adds the shop's name (« Thiof — Teranga »). */
  title?: string
  /** One or two sentences, plain text (the server shortens it to what engines show). */
  description?: string
  /** The preview's picture: a path on the shop or an absolute address. */
  image?: string | null
  /** The page's one address when several show it (a grid's page 2); by default its path. */
  canonical?: string
  /** Pages no engine should list (the 404, a cart, an account). */
  noindex?: boolean
  /** A product page: its price and availability for previews and rich results. */
  product?: {
    name: string
    sku: string
    description?: string | null
    image?: string | null
    /** What the shopper pays now, in FCFA (XOF has no minor unit). */
    price: number
    inStock: boolean
    category?: string
    /**
     * A product with several variants: one offer each (ADR 053 §5), with its SKU, name, price now,
     * availability and address (`/product/3?variante=31`). Absent: one offer from the fields above.
     */
    offers?: Array<{ sku: string; name: string; price: number; inStock: boolean; url: string }>
  }
}
