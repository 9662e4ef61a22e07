// Delivery slips of the chosen orders, for A4 or for 80 mm receipt printers (@page size set
// by the chosen format; the app's chrome is hidden when printing).
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, ButtonGroup, Spinner } from 'react-bootstrap'
import { api } from '../../lib/api.ts'
import type { OrderDetail } from '../../lib/types.ts'

export function SlipsPage() {
  const [search] = useSearchParams()
  const numeros = (search.get('numeros') ?? '').split(',').filter(Boolean).slice(0, 50)
  const [format, setFormat] = useState<'a4' | 'ticket'>('a4')
  const { data, error } = useQuery({
    queryKey: ['bons', numeros.join(',')],
    queryFn: () => api<OrderDetail[] | { data: OrderDetail[] }>('GET', `/admin/commande/bons?numeros=${encodeURIComponent(numeros.join(','))}`),
    enabled: numeros.length > 0,
  })
  const orders = Array.isArray(data) ? data : (data?.data ?? [])
  return (
    <div className={`slips slips-${format}`}>
      <style data-print-page>{format === 'a4' ? '@page { size: A4; margin: 12mm }' : '@page { size: 80mm auto; margin: 3mm }'}</style>
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
        <article key={order.numero} className="slip">
          <header>
            <h2 className="h5 mb-1">Teranga — bon de livraison</h2>
            <p className="mb-1">
              <strong>{order.numero}</strong> · {order.date_fr}
            </p>
          </header>
          <p className="mb-1">
            {order.client.prenom} {order.client.name} · {order.tel ?? order.client.telephone}
          </p>
          <p className="mb-2">{order.depot ? `Retrait : ${order.depot.designation}` : [order.zone, order.adresseliv].filter(Boolean).join(' — ')}</p>
          <table className="slip-lines">
            <thead>
              <tr>
                <th scope="col">Article</th>
                <th scope="col">Qté</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {order.lignes.map((line) => (
                <tr key={line.produit.id}>
                  <td>{line.produit.designation}</td>
                  <td>{line.quantite}</td>
                  <td>{line.total.toLocaleString('fr-FR')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 mb-0">
            Livraison : {order.montantliv_fr} · <strong>Total : {order.total_fr}</strong>
          </p>
          <p className="small mb-0">Paiement : {order.modepaiement.designation}</p>
        </article>
      ))}
    </div>
  )
}
