// Delivery slips of the chosen orders, for A4 or for 80 mm receipt printers: the shop's name,
// logo and phone (its preferences), each line with its unit price, the amounts adding up to
// the total, and whether the courier has money to collect. The print styles give each format
// its own page size; the app's chrome is hidden when printing.
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { Alert, Button, ButtonGroup, Spinner } from 'react-bootstrap'
import { SLIPS_MAX, type OrderDetail } from '@teranga/shared/backoffice-orders'
import { PAY_ON_DELIVERY, SHOP_NAME } from '@teranga/shared/constants'
import { formatPrix } from '@teranga/shared/money'
import { MESSAGES } from '@teranga/shared/messages'
import { orderTotal } from '@teranga/shared/order-amounts'
import { plannedSlot } from '@teranga/shared/delivery-slots'
import { isOrderPaid, paymentStatusText } from '@teranga/shared/payment-labels'
import { supplementDue, supplementDueText } from '@teranga/shared/preparation'
import { useShopDetails, useSlips, type ShopDetails } from './api/slips-api.ts'
import { OrderLines } from './order-lines.tsx'

/** Money came in: the provider took it, or the courier did when a cash order was delivered. */
const isPaid = (order: OrderDetail) => isOrderPaid({ etat: order.etat, cash: order.modepaiement.code === PAY_ON_DELIVERY, payment: order.paiement })
/** Paid online, an accepted dearer substitute's supplement not yet collected (ADR 058): the shared rule. */
const dueOf = (order: OrderDetail) =>
  supplementDue({ cash: order.modepaiement.code === PAY_ON_DELIVERY, etat: order.etat, supplement: order.supplement ?? null, supplementAccepted: order.supplement_accepte ?? false })

function Slip({ order, shop }: { order: OrderDetail; shop: ShopDetails | null }) {
  const total = orderTotal(order)
  const phones = [shop?.telephone, shop?.telephone2].filter(Boolean).join(' · ')
  return (
    <article className="slip">
      <header className="slip-shop">
        {shop?.logo && <img className="slip-logo" src={shop.logo} alt={`Logo ${SHOP_NAME}`} />}
        <div>
          <h2 className="h5 mb-1">{SHOP_NAME} — bon de livraison</h2>
          {phones && <p className="mb-0 small">Tél. : {phones}</p>}
          {shop?.lieu && <p className="mb-0 small">{shop.lieu}</p>}
        </div>
      </header>
      <p className="mb-1 mt-2">
        <strong>{order.numero}</strong> · {order.date_fr}
      </p>
      <p className="mb-1">
        {order.client.prenom} {order.client.name} · {order.tel ?? order.client.telephone}
      </p>
      <p className="mb-2">{order.depot ? `Retrait : ${order.depot.designation}` : [order.zone, order.adresseliv].filter(Boolean).join(' — ')}</p>
      {!order.depot && order.repere && <p className="mb-2">{MESSAGES.repereShown(order.repere)}</p>}
      {order.creneau && <p className="mb-2 fw-semibold">{plannedSlot(order.creneau.libelle, order.depot !== null)}</p>}
      {order.livreur && (
        <p className="mb-2">
          Livreur : {order.livreur.nom} · {order.livreur.telephone}
        </p>
      )}
      {order.note_preparation && <p className="mb-2 text-break">Note du client : {order.note_preparation}</p>}
      <OrderLines order={order} print />
      <p className="mb-0">Paiement : {order.modepaiement.designation}</p>
      <p className="slip-due mb-0">
        {isPaid(order)
          ? // Paid online with an accepted dearer substitute (ADR 058): its supplement, while still due.
            dueOf(order)
            ? `${paymentStatusText('payee')} — ${supplementDueText(dueOf(order), formatPrix, order.depot !== null)}`
            : `${paymentStatusText('payee')} — rien à encaisser`
          : total === 0
            ? 'Rien à encaisser'
            : `À encaisser : ${formatPrix(total)}`}
      </p>
    </article>
  )
}

export function SlipsPage() {
  const [search] = useSearchParams()
  const numeros = (search.get('numeros') ?? '').split(',').filter(Boolean).slice(0, SLIPS_MAX)
  const [format, setFormat] = useState<'a4' | 'ticket'>('a4')
  const { data, error } = useSlips(numeros)
  // The public details the storefront shows too, so that a gestionnaire reads them as well; a
  // slip still prints without them.
  const shop = useShopDetails()
  const orders = data ?? []
  return (
    <div className={`slips slips-${format}`}>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3 no-print">
        <h1 className="h3 mb-0 me-auto">Bons de livraison</h1>
        <ButtonGroup aria-label="Format">
          <Button variant={format === 'a4' ? 'primary' : 'outline-primary'} aria-pressed={format === 'a4'} onClick={() => setFormat('a4')}>
            A4
          </Button>
          <Button variant={format === 'ticket' ? 'primary' : 'outline-primary'} aria-pressed={format === 'ticket'} onClick={() => setFormat('ticket')}>
            Ticket 80 mm
          </Button>
        </ButtonGroup>
        <Button onClick={() => window.print()}>Imprimer</Button>
      </div>
      {numeros.length === 0 && <Alert variant="info">Aucune commande choisie.</Alert>}
      {error && <Alert variant="danger">Une erreur s'est produite lors du chargement des bons.</Alert>}
      {numeros.length > 0 && !data && !error && <Spinner animation="border" role="status" aria-label="Chargement" />}
      {orders.map((order) => (
        <Slip key={order.numero} order={order} shop={shop.data ?? null} />
      ))}
    </div>
  )
}
