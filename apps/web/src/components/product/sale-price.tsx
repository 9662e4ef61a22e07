// A product's price while a promotion runs (issue 19 §1): the regular price struck through and
// the « -20 % » badge beside the price the shopper pays; nothing more when no sale runs.
import { formatPrix } from '@teranga/shared/money'
import { discountPercent } from '@teranga/shared/sale-price'

/** The badge and the old price, for a product whose `prix_initial` is set (its sale runs). */
export function SalePrice({ prix, prixInitial }: { prix: number; prixInitial: number | null | undefined }) {
  const percent = discountPercent(prix, prixInitial)
  if (percent === null || !prixInitial) return null
  return (
    <>
      <span className="badge text-bg-danger sale-badge" aria-label={`Promotion : moins ${percent} %`}>
        -{percent} %
      </span>{' '}
      <del className="text-body-secondary small sale-old-price" aria-label={`Prix habituel : ${formatPrix(prixInitial)}`}>
        {formatPrix(prixInitial)}
      </del>
    </>
  )
}
