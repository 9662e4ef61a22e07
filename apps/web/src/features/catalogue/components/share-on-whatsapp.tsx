// « Partager sur WhatsApp »: the wa.me share link with the product's name, its price in FCFA
// and its address, where most of the shop's customers pass products on. The address is the
// page's own origin, known in the browser only: the server's markup (and hydration) carry the
// path, then the browser puts in the full address.
import { useSyncExternalStore } from 'react'
import { formatPrix } from '@teranga/shared/money'
import type { Produit } from '@teranga/shared/storefront-answers'

const noop = () => () => {}
const useOrigin = () =>
  useSyncExternalStore(
    noop,
    () => window.location.origin,
    () => '',
  )

/** The wa.me link sharing `product` at `origin`. */
export function whatsappShareLink(product: Pick<Produit, 'id' | 'designation' | 'prix'>, origin: string): string {
  const text = `${product.designation} — ${formatPrix(product.prix)}\n${origin}/product/${product.id}`
  return `https://wa.me/?text=${encodeURIComponent(text)}`
}

export function ShareOnWhatsApp({ product }: { product: Pick<Produit, 'id' | 'designation' | 'prix'> }) {
  const origin = useOrigin()
  return (
    <a className="btn btn-outline-primary mt-3" href={whatsappShareLink(product, origin)} target="_blank" rel="noopener noreferrer">
      <svg width="18" height="18" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false" className="me-2 align-text-bottom">
        <path d="M13.6 2.3A7.9 7.9 0 0 0 1.1 11.8L0 16l4.3-1.1a7.9 7.9 0 0 0 3.8 1 7.9 7.9 0 0 0 5.5-13.6ZM8 14.5a6.6 6.6 0 0 1-3.3-.9l-.3-.2-2.5.7.7-2.5-.2-.3A6.6 6.6 0 1 1 8 14.5Zm3.6-4.9c-.2-.1-1.2-.6-1.4-.6-.2-.1-.3-.1-.4.1l-.6.8c-.1.1-.2.1-.4 0a5.4 5.4 0 0 1-2.7-2.3c-.2-.3.2-.3.6-1.1v-.4l-.6-1.5c-.2-.4-.3-.3-.4-.3h-.4a.7.7 0 0 0-.5.2 2.2 2.2 0 0 0-.7 1.7 3.9 3.9 0 0 0 .8 2 8.8 8.8 0 0 0 3.4 3c1.3.5 1.8.6 2.4.5a2 2 0 0 0 1.4-1 1.6 1.6 0 0 0 .1-.9c-.1-.1-.2-.1-.4-.2Z" />
      </svg>
      Partager sur WhatsApp
    </a>
  )
}
