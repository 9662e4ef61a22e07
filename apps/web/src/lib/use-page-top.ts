// Paging a list (« Précédent », « Suivant ») brings the shopper back to the list's first item:
// the buttons sit under the list, and the page's address changes without a scroll reset (the
// grids keep their place on a filter change), so the next page used to open at its bottom.
import { useCallback, useEffect, useRef } from 'react'

/** Scrolls the window so that `element`'s top shows just under the sticky header. */
export function scrollToTopOf(element: HTMLElement) {
  const header = document.querySelector<HTMLElement>('.site-header')
  const covered = header && getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().height : 0
  const top = element.getBoundingClientRect().top + window.scrollY - covered - 8
  window.scrollTo({ top: Math.max(0, top), left: 0 })
}

/**
 * `top`: the ref of the list's first element (kept mounted across pages); `turnPage`: the
 * pager's `onChange`, which asks for the scroll once the new page is rendered (after the
 * router's own scroll handling of the new address).
 */
export function usePageTop<T extends HTMLElement>(page: number, onPageChange: (page: number) => void) {
  const top = useRef<T>(null)
  const asked = useRef(false)
  useEffect(() => {
    if (!asked.current) return
    asked.current = false
    if (top.current) scrollToTopOf(top.current)
  }, [page])
  const turnPage = useCallback(
    (next: number) => {
      asked.current = true
      onPageChange(next)
    },
    [onPageChange],
  )
  return { top, turnPage }
}
