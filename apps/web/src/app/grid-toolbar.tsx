// The shop's grids' controls (issue 19 §2): a sort, a price range and « En stock uniquement »,
// all kept in the address (catalogue-grid's readGridState and gridSearchParams), so that a
// reload, a shared link or "back" shows the same grid. Any change goes back to page 1.
// A control shows the shopper's choice at once: the address follows in the router's
// transition, which on a slow phone can take a moment, and a box that stays unticked meanwhile
// looks broken (and is ticked again).
import { useId, useState } from 'react'
import { useSearchParams } from 'react-router'
import { GRID_MESSAGES, GRID_PRICE_MAX, GRID_SORTS, gridSearchParams, readGridState, type GridSort, type GridState } from '@teranga/shared/catalogue-grid'

/** A grid's state from the address, and how to change it (the search term is kept). */
export function useGridState() {
  const [params, setParams] = useSearchParams()
  const state = readGridState(params)
  const q = params.get('q') ?? undefined
  const update = (next: Partial<GridState>) => setParams(gridSearchParams({ ...state, page: 1, ...next }, q), { preventScrollReset: true })
  return { state, q, update }
}

interface Props {
  state: GridState
  update: (next: Partial<GridState>) => void
  /** The label of « no sort »: the page's own order (« Pertinence » for a search). */
  defaultLabel?: string
  /** The page's own sort, when it has one (newest, best sellers): then there is no « no sort ». */
  defaultSort?: GridSort | undefined
}

const parsePrice = (text: string): number | undefined | null => {
  const trimmed = text.replace(/\s/g, '')
  if (trimmed === '') return undefined
  if (!/^\d+$/.test(trimmed) || Number(trimmed) > GRID_PRICE_MAX) return null
  return Number(trimmed)
}

export function GridToolbar({ state, update, defaultLabel = 'Par défaut', defaultSort }: Props) {
  const id = useId()
  // The range is applied with its button (typing does not reload the grid at each digit).
  const [min, setMin] = useState(state.prix_min?.toString() ?? '')
  const [max, setMax] = useState(state.prix_max?.toString() ?? '')
  const [error, setError] = useState<string | null>(null)
  // What the shopper chose, until the address says otherwise ("back", a link): then the address.
  const [chosen, setChosen] = useState(state)
  const addressed = gridSearchParams(state).toString()
  const [seen, setSeen] = useState(addressed)
  if (seen !== addressed) {
    setSeen(addressed)
    setChosen(state)
  }
  // Every field is given, so that two choices quicker than the router both count.
  const choose = (next: Partial<GridState>) => {
    const whole: GridState = { tri: chosen.tri, prix_min: chosen.prix_min, prix_max: chosen.prix_max, en_stock: chosen.en_stock, ...next, page: 1 }
    setChosen(whole)
    update(whole)
  }
  const filtered = chosen.prix_min !== undefined || chosen.prix_max !== undefined || chosen.en_stock

  const applyRange = (event: React.FormEvent) => {
    event.preventDefault()
    const prixMin = parsePrice(min)
    const prixMax = parsePrice(max)
    if (prixMin === null || prixMax === null) return setError(GRID_MESSAGES.prixInvalid)
    if (prixMin !== undefined && prixMax !== undefined && prixMin > prixMax) return setError(GRID_MESSAGES.prixRange)
    setError(null)
    choose({ prix_min: prixMin, prix_max: prixMax })
  }

  return (
    <div className="grid-toolbar d-flex flex-wrap align-items-end gap-3 mb-3">
      <div>
        <label htmlFor={`${id}-tri`} className="form-label small mb-1">
          Trier par
        </label>
        <select
          id={`${id}-tri`}
          className="form-select form-select-sm"
          value={chosen.tri ?? defaultSort ?? ''}
          onChange={(event) => choose({ tri: (event.target.value || undefined) as GridSort | undefined })}
        >
          {!defaultSort && <option value="">{defaultLabel}</option>}
          {Object.entries(GRID_SORTS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <form className="d-flex align-items-end gap-2" onSubmit={applyRange} aria-label="Prix" noValidate>
        <div>
          <label htmlFor={`${id}-min`} className="form-label small mb-1">
            Prix min (FCFA)
          </label>
          <input
            id={`${id}-min`}
            className="form-control form-control-sm grid-price"
            inputMode="numeric"
            value={min}
            onChange={(event) => setMin(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <div>
          <label htmlFor={`${id}-max`} className="form-label small mb-1">
            Prix max (FCFA)
          </label>
          <input
            id={`${id}-max`}
            className="form-control form-control-sm grid-price"
            inputMode="numeric"
            value={max}
            onChange={(event) => setMax(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <button type="submit" className="btn btn-sm btn-outline-primary">
          Appliquer
        </button>
      </form>
      <div className="form-check mb-1">
        <input
          id={`${id}-stock`}
          type="checkbox"
          className="form-check-input"
          checked={Boolean(chosen.en_stock)}
          onChange={(event) => choose({ en_stock: event.target.checked || undefined })}
        />
        <label htmlFor={`${id}-stock`} className="form-check-label">
          En stock uniquement
        </label>
      </div>
      {filtered && (
        <button
          type="button"
          className="btn btn-sm btn-link"
          onClick={() => {
            setMin('')
            setMax('')
            setError(null)
            choose({ prix_min: undefined, prix_max: undefined, en_stock: undefined })
          }}
        >
          Effacer les filtres
        </button>
      )}
      {error && (
        <p id={`${id}-error`} className="text-danger small w-100 mb-0" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
