// Each option of a product as a row of buttons (ADR 053 §5): a radio group per option, so a
// screen reader says « Contenance, 25 kg, 2 sur 2 » and the arrow keys move within it; a sold
// out combination is shown disabled (struck through, said « rupture de stock »), one never
// sold is absent. Used by the product page and the cards' choice sheet.
import type { Produit, Variante } from '@teranga/shared/storefront-answers'
import { valueChoices } from '@/lib/variants.ts'

export function VariantPicker({ product, chosen, onChoose, idPrefix }: { product: Produit; chosen: Variante; onChoose: (variant: Variante) => void; idPrefix: string }) {
  const options = product.options ?? []
  if (options.length === 0) return null
  return (
    <div className="d-flex flex-column gap-2 variant-picker">
      {options.map((option, index) => {
        const name = `${idPrefix}-option-${index}`
        return (
          <fieldset key={option.nom} className="m-0">
            <legend className="form-label small mb-1 float-none">
              {option.nom} : <span className="fw-semibold">{chosen.options[option.nom]}</span>
            </legend>
            <div className="d-flex flex-wrap gap-2">
              {valueChoices(product, chosen, index).map(({ value, variant, checked, soldOut }, n) => (
                <span key={value}>
                  <input
                    type="radio"
                    className="btn-check"
                    name={name}
                    id={`${name}-${n}`}
                    value={value}
                    checked={checked}
                    disabled={soldOut}
                    onChange={() => onChoose(variant)}
                  />
                  <label className={`btn btn-outline-primary variant-button${soldOut ? ' variant-sold-out' : ''}`} htmlFor={`${name}-${n}`}>
                    {value}
                    {soldOut && <span className="visually-hidden"> (rupture de stock)</span>}
                  </label>
                </span>
              ))}
            </div>
          </fieldset>
        )
      })}
    </div>
  )
}
