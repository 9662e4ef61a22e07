// What the order will cost, before it is placed: the cart's lines, the goods, the delivery
// fee, the discount code's and the loyalty discount and the total, computed as the server will (shared orderAmounts).
import type { OrderAmounts } from '@teranga/shared/order-amounts'
import { OrderAmountsList, OrderLineList } from '@/components/order/order-amounts.tsx'

export interface CheckoutLine {
  produit_id: number
  variante_id: number | null
  quantite: number
  /** The variant's price now. */
  prix: number
  /** The variant's name: the product's followed by its values. */
  variante: { designation: string }
}

export function OrderSummary({
  lines,
  amounts,
  pickup,
  tier,
  note,
  code = null,
  slot = null,
}: {
  lines: readonly CheckoutLine[]
  amounts: OrderAmounts
  pickup: boolean
  tier: string | null
  note: string | null
  /** The discount code applied, whose part of the discount `amounts.remiseCode` holds. */
  code?: string | null
  /** The delivery slot chosen, as said: « Livraison prévue : Lundi 30 novembre, 09:00–12:00 ». */
  slot?: string | null
}) {
  return (
    <section aria-labelledby="order-summary-title" className="card">
      <div className="card-body">
        <h2 id="order-summary-title" className="h5">
          Récapitulatif de la commande
        </h2>
        <OrderLineList className="small" lines={lines.map((line) => ({ key: line.variante_id ?? `produit-${line.produit_id}`, designation: line.variante.designation, quantite: line.quantite, prix: line.prix }))} />
        <OrderAmountsList {...amounts} pickup={pickup} tier={tier} codepromo={code ? { code, remise: amounts.remiseCode } : null} />
        {slot && <p className="small fw-semibold mt-2 mb-0">{slot}</p>}
        {note && <p className="small text-body-secondary mt-2 mb-0">{note}</p>}
      </div>
    </section>
  )
}
