// What the order will cost, before it is placed: the cart's lines, the goods, the delivery
// fee, the loyalty discount and the total, computed as the server will (shared orderAmounts).
import { formatPrix } from '@teranga/shared/money'
import type { OrderAmounts } from '@teranga/shared/order-amounts'

export interface CheckoutLine {
  produit_id: number
  quantite: number
  prix: number
  produit: { designation: string }
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`d-flex justify-content-between gap-3 ${strong ? 'fw-semibold fs-5 border-top pt-2 mt-2' : 'mb-1'}`}>
      <dt className={strong ? '' : 'fw-normal'}>{label}</dt>
      <dd className="mb-0 text-nowrap">{value}</dd>
    </div>
  )
}

export function OrderSummary({
  lines,
  amounts,
  pickup,
  tier,
  note,
}: {
  lines: readonly CheckoutLine[]
  amounts: OrderAmounts
  pickup: boolean
  tier: string | null
  note: string | null
}) {
  return (
    <section aria-labelledby="order-summary-title" className="card">
      <div className="card-body">
        <h2 id="order-summary-title" className="h5">
          Récapitulatif de la commande
        </h2>
        <ul className="list-unstyled small mb-3">
          {lines.map((line) => (
            <li key={line.produit_id} className="d-flex justify-content-between gap-3 mb-1">
              <span>
                {line.produit.designation} × {line.quantite}
              </span>
              <span className="text-nowrap">{formatPrix(line.prix * line.quantite)}</span>
            </li>
          ))}
        </ul>
        <dl className="mb-0">
          <Row label="Sous-total" value={formatPrix(amounts.montantcommande)} />
          <Row label={pickup ? 'Livraison (retrait en dépôt)' : 'Livraison'} value={pickup ? 'Gratuit' : formatPrix(amounts.montantliv)} />
          {amounts.remise > 0 && <Row label={tier ? `Remise fidélité (${tier})` : 'Remise fidélité'} value={`−${formatPrix(amounts.remise)}`} />}
          <Row label="Total" value={formatPrix(amounts.total)} strong />
        </dl>
        {note && <p className="small text-body-secondary mt-2 mb-0">{note}</p>}
      </div>
    </section>
  )
}
