// An order's lines and amounts as the checkout shows them, before it is placed (the summary)
// and after (the success and failure pages): one rendering for both.
import { formatPrix } from '@teranga/shared/money'

export interface AmountLine {
  key: number | string
  designation: string
  quantite: number
  /** Unit price in FCFA. */
  prix: number
}

export function OrderLineList({ lines, className = '' }: { lines: readonly AmountLine[]; className?: string }) {
  return (
    <ul className={`list-unstyled mb-3 ${className}`}>
      {lines.map((line) => (
        <li key={line.key} className="d-flex justify-content-between gap-3 mb-1">
          <span>
            {line.designation} × {line.quantite}
          </span>
          <span className="text-nowrap">{formatPrix(line.prix * line.quantite)}</span>
        </li>
      ))}
    </ul>
  )
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`d-flex justify-content-between gap-3 ${strong ? 'fw-semibold fs-5 border-top pt-2 mt-2' : 'mb-1'}`}>
      <dt className={strong ? '' : 'fw-normal'}>{label}</dt>
      <dd className="mb-0 text-nowrap">{value}</dd>
    </div>
  )
}

/**
 * Goods, delivery (free at a depot), the discount code's part and the loyalty discount when
 * there are (`remise` counts both; `codepromo` names the code's part), and the total.
 */
export function OrderAmountsList({
  montantcommande,
  montantliv,
  remise,
  total,
  pickup,
  tier = null,
  codepromo = null,
}: {
  montantcommande: number
  montantliv: number
  remise: number
  total: number
  pickup: boolean
  tier?: string | null
  codepromo?: { code: string; remise: number } | null
}) {
  const loyalty = remise - (codepromo?.remise ?? 0)
  return (
    <dl className="mb-0">
      <Row label="Sous-total" value={formatPrix(montantcommande)} />
      <Row label={pickup ? 'Livraison (retrait en dépôt)' : 'Livraison'} value={pickup ? 'Gratuit' : formatPrix(montantliv)} />
      {codepromo && codepromo.remise > 0 && <Row label={`Code promo ${codepromo.code}`} value={`−${formatPrix(codepromo.remise)}`} />}
      {loyalty > 0 && <Row label={tier ? `Remise fidélité (${tier})` : 'Remise fidélité'} value={`−${formatPrix(loyalty)}`} />}
      <Row label="Total" value={formatPrix(total)} strong />
    </dl>
  )
}
