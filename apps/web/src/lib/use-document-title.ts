// The tab's title for a screen. Set after rendering, never in the server's markup: the server
// writes the page's <title> in the document head itself.
import { useEffect } from 'react'

export const SHOP_TITLE = 'Teranga — votre marché en ligne à Dakar'

export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} — Teranga` : SHOP_TITLE
  }, [title])
}
