// The header search (spec §2): suggestions as you type (5, with image, whole designation and
// price), 'Aucun résultat trouvé' when none, arrow keys to choose, Enter to open the chosen
// product, or without one the results page /recherche?q=… (issue 19 §2), hidden 200 ms after
// the box loses focus. An ARIA combobox.
import { useEffect, useId, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { SEARCH_HIDE_DELAY_MS } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/messages'
import { Icon } from '@/components/ui/icon.tsx'
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx'
import { useSearchProducts } from '../api/search-products.ts'

const TYPING_PAUSE_MS = 250

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return debounced
}

export function SearchBox() {
  const id = useId()
  const listId = `${id}-suggestions`
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [activeTerm, setActiveTerm] = useState('')
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const term = useDebounced(text.trim(), TYPING_PAUSE_MS)
  const search = useSearchProducts(term)
  const results = term ? (search.data ?? []) : []
  const showList = open && term.length > 0 && !search.isPending

  // A new term clears the chosen suggestion (set while rendering, not in an effect).
  if (term !== activeTerm) {
    setActiveTerm(term)
    setActive(-1)
  }
  useEffect(() => () => clearTimeout(hideTimer.current), [])

  const openProduct = (productId: number) => {
    setOpen(false)
    setText('')
    void navigate(`/product/${productId}`)
  }

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setOpen(true)
      setActive((index) => (results.length ? (index + 1) % results.length : -1))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((index) => (results.length ? (index <= 0 ? results.length - 1 : index - 1) : -1))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const chosen = active >= 0 && showList ? results[active] : undefined
      if (chosen) openProduct(chosen.id)
      else if (text.trim()) {
        setOpen(false)
        void navigate(`/recherche?${new URLSearchParams({ q: text.trim() })}`)
      }
    } else if (event.key === 'Escape') {
      setOpen(false)
    }
  }

  return (
    <div className="search-box position-relative" role="search">
      <label htmlFor={id} className="visually-hidden">
        Rechercher un produit
      </label>
      <div className="input-group">
        <span className="input-group-text bg-white" aria-hidden="true">
          <Icon name="search" size={16} />
        </span>
        <input
          id={id}
          type="search"
          className="form-control"
          placeholder={MESSAGES.searchPlaceholder}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setOpen(true)
          }}
          onFocus={() => {
            clearTimeout(hideTimer.current)
            setOpen(true)
          }}
          onBlur={() => {
            hideTimer.current = setTimeout(() => setOpen(false), SEARCH_HIDE_DELAY_MS)
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <ul id={listId} role="listbox" aria-label="Suggestions" className={`search-suggestions list-unstyled shadow ${showList ? '' : 'd-none'}`}>
        {showList && results.length === 0 && (
          <li className="search-empty px-3 py-2 text-body-secondary" role="presentation">
            {search.isError ? search.error.message : MESSAGES.searchNoResult}
          </li>
        )}
        {showList &&
          results.map((product, index) => (
            <li
              key={product.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`search-suggestion d-flex align-items-center gap-2 px-2 py-1 ${index === active ? 'active' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => openProduct(product.id)}
            >
              <ResponsiveImage src={product.image} srcSet={product.imagesrcset} alt="" width={40} height={40} sizes="40px" />
              {/* The whole name, on two lines if need be: « Riz … 5 kg » and « Riz … 25 kg » differ only at the end (issue 23). */}
              <span className="flex-grow-1 min-w-0 search-suggestion-name">{product.designation}</span>
              <span className="product-price small text-nowrap">{product.prixformat}</span>
            </li>
          ))}
      </ul>
    </div>
  )
}
