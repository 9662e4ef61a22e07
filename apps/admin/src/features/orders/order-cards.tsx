// The orders list on a phone: one card per order (number, customer, amount, state) with its
// next move at a tap, the server's answer or its French refusal as a toast.
import { Link } from 'react-router'
import { Badge, Button, Card } from 'react-bootstrap'
import { notify } from '../../lib/notify.ts'
import type { OrderSummary } from '@teranga/shared/backoffice-orders'
import { errorMessage } from '../../lib/api.ts'
import { useMoveOrder } from './api/orders-api.ts'
import { nextMove } from './next-move.ts'

function OrderCard({ order }: { order: OrderSummary }) {
  const next = nextMove(order)
  const move = useMoveOrder(order.numero)
  return (
    <Card as="li" className="order-card">
      <Card.Body className="p-2">
        <div className="d-flex align-items-start gap-2">
          <div className="me-auto min-w-0">
            <Link to={`/commandes/${order.numero}`} className="fw-semibold order-card-link text-break">
              {order.numero}
            </Link>
            <div className="text-truncate">{order.client.nom}</div>
            <div className="small text-muted">{order.date_fr}</div>
            {order.creneau && <div className="small fw-semibold text-truncate">{order.creneau.libelle}</div>}
          </div>
          {/* At most half the card: a long state (« En attente de confirmation ») wraps instead of pushing the page sideways. */}
          <div className="text-end order-card-side">
            <div className="fw-semibold text-nowrap">{order.total_fr}</div>
            <Badge bg={order.etat_badge || 'secondary'} text={order.etat_badge === 'warning' ? 'dark' : undefined} className="text-wrap">
              {order.etat_text}
            </Badge>
          </div>
        </div>
        {next && (
          <Button className="w-100 mt-2" disabled={move.isPending} aria-label={`Passer la commande ${order.numero} à ${next.etat_text}`} onClick={() =>
              move.mutate({ etat: next.etat }, { onSuccess: (moved) => void notify.success(`Commande ${moved.numero} : ${moved.etat_text}`), onError: (err) => void notify.error(errorMessage(err)) })
            }>
            {next.etat_text}
          </Button>
        )}
      </Card.Body>
    </Card>
  )
}

/** `groupOf`: the cards under a heading each time this label changes from the order before (the server's sort puts a group together). */
export function OrderCards({ orders, groupOf }: { orders: OrderSummary[]; groupOf?: (order: OrderSummary) => string }) {
  if (orders.length === 0) return <p className="text-center text-muted py-4">Aucun résultat.</p>
  if (!groupOf) {
    return (
      <ul className="list-unstyled d-grid gap-2 mb-3" aria-label="Commandes">
        {orders.map((order) => (
          <OrderCard key={order.numero} order={order} />
        ))}
      </ul>
    )
  }
  const groups: Array<{ label: string; orders: OrderSummary[] }> = []
  for (const order of orders) {
    const label = groupOf(order)
    if (groups.at(-1)?.label === label) groups.at(-1)!.orders.push(order)
    else groups.push({ label, orders: [order] })
  }
  return (
    <>
      {groups.map((group, i) => (
        <section key={`${i}-${group.label}`} aria-label={group.label}>
          <h2 className="h6 mt-3 mb-2">{group.label}</h2>
          <ul className="list-unstyled d-grid gap-2 mb-3" aria-label={`Commandes : ${group.label}`}>
            {group.orders.map((order) => (
              <OrderCard key={order.numero} order={order} />
            ))}
          </ul>
        </section>
      ))}
    </>
  )
}
