// Delivery slips of the chosen orders, for A4 or for 80 mm receipt printers: the shop's name,
// logo and phone (its preferences), each line with its unit price, the amounts adding up to
// the total, and whether the courier has money to collect. The print styles give each format
// its own page size; the app's chrome is hidden when printing.
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, ButtonGroup, Spinner } from 'react-bootstrap'
import { PAY_ON_DELIVERY, SHOP_NAME } from '@teranga/shared/constants'
import { formatPrix } from '@teranga/shared/money'
import { orderTotal } from '@teranga/shared/order-amounts'
import { PAYMENT_RECEIVED_STATUSES, paymentStatusText } from '@teranga/shared/payment-labels'
import { api } from '../../lib/api.ts'
import type { OrderDetail } from '../../lib/types.ts'

/** What GET /api/preferences answers (null before the shop's details are first saved). */
interface ShopDetails {
  logo: string | null
  telephone: string | null
  telephone2: string | null
  lieu: string | null
}

/** Money came in: the provider took it, or the courier did when a cash order was delivered. */
const isPaid = (order: OrderDetail) =>
  (order.paiement !== null && PAYMENT_RECEIVED_STATUSES.includes(order.paiement.statut)) || (order.modepaiement.code === PAY_ON_DELIVERY && order.etat === 'livree')

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
      {order.livreur && (
        <p className="mb-2">
          Livreur : {order.livreur.nom} · {order.livreur.telephone}
        </p>
      )}
      <table className="slip-lines">
        <thead>
          <tr>
            <th scope="col">Article</th>
            <th scope="col" className="text-end">
              Qté
            </th>
            <th scope="col" className="text-end">
              Prix unitaire
            </th>
            <th scope="col" className="text-end">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lignes.map((line) => (
            <tr key={line.produit.id}>
              <td>{line.produit.designation}</td>
              <td className="text-end">{line.quantite}</td>
              <td className="text-end text-nowrap">{formatPrix(line.prix)}</td>
              <td className="text-end text-nowrap">{formatPrix(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="slip-amounts">
        <dt>Sous-total</dt>
        <dd>{formatPrix(order.montantcommande)}</dd>
        <dt>Livraison</dt>
        <dd>{formatPrix(order.montantliv)}</dd>
        {order.remise > 0 && (
          <>
            <dt>Remise</dt>
            <dd>− {formatPrix(order.remise)}</dd>
          </>
        )}
        <dt className="slip-total">Total</dt>
        <dd className="slip-total">{formatPrix(total)}</dd>
      </dl>
      <p className="mb-0">Paiement : {order.modepaiement.designation}</p>
      <p className="slip-due mb-0">{isPaid(order) ? paymentStatusText('payee') : `À encaisser : ${formatPrix(total)}`}</p>
    </article>
  )
}

export function SlipsPage() {
  const [search] = useSearchParams()
  const numeros = (search.get('numeros') ?? '').split(',').filter(Boolean).slice(0, 50)
  const [format, setFormat] = useState<'a4' | 'ticket'>('a4')
  const { data, error } = useQuery({
    queryKey: ['bons', numeros.join(',')],
    queryFn: () => api<OrderDetail[] | { data: OrderDetail[] }>('GET', `/admin/commande/bons?numeros=${encodeURIComponent(numeros.join(','))}`),
    enabled: numeros.length > 0,
  })
  // The public details the storefront shows too, so that a gestionnaire reads them as well; a
  // slip still prints without them.
  const shop = useQuery({ queryKey: ['preferences'], queryFn: () => api<ShopDetails | null>('GET', '/preferences') })
  const orders = Array.isArray(data) ? data : (data?.data ?? [])
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
