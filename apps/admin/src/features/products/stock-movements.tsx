// A product's stock: its history, each change with its reason and who (a staff member) or
// which order made it, and the manual movement form.
import { Link } from 'react-router'
import { Card, Table } from 'react-bootstrap'
import { toast } from 'react-toastify'
import { stockMovementSchema, type Product } from '@teranga/shared/backoffice-catalogue'
import { AdjustmentForm } from '../../components/adjustment-form.tsx'
import { useAddStockMovement, useStockHistory } from './api/stock-api.ts'

export function StockMovements({ product, canAdjust }: { product: Product; canAdjust: boolean }) {
  const movements = useStockHistory(product.id)
  const add = useAddStockMovement(product.id)
  return (
    <Card className="mt-3">
      <Card.Header as="h2" className="h6">
        Mouvements de stock (stock actuel : {product.quantite} {product.unite})
      </Card.Header>
      <Card.Body>
        {canAdjust && (
          <div className="mb-3">
            <AdjustmentForm
              schema={stockMovementSchema}
              amount={{ name: 'delta', label: 'Quantité (+/−)' }}
              motifId="motif"
              submitLabel="Ajuster le stock"
              onSubmit={async (movement) => {
                await add.mutateAsync(movement)
                toast.success('Stock mis à jour')
              }}
            />
          </div>
        )}
        <Table size="sm" responsive className="small mb-0">
          <caption className="visually-hidden">Historique du stock</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col" className="text-end">
                Variation
              </th>
              <th scope="col" className="text-end">
                Stock après
              </th>
              <th scope="col">Raison</th>
              <th scope="col">Par</th>
            </tr>
          </thead>
          <tbody>
            {(movements.data?.data ?? []).map((m) => (
              <tr key={m.id}>
                <td>{m.date_fr}</td>
                <td className="text-end">{m.delta > 0 ? `+${m.delta}` : `−${-m.delta}`}</td>
                <td className="text-end">{m.quantite_apres}</td>
                <td>
                  {m.raison_text}
                  {m.motif && <div className="text-body-secondary">{m.motif}</div>}
                </td>
                <td>
                  {m.commande && <Link to={`/commandes/${encodeURIComponent(m.commande.numero)}`}>Commande {m.commande.numero}</Link>}
                  {m.commande && m.staff && ' · '}
                  {m.staff && (m.staff.nom ?? m.staff.email)}
                  {!m.commande && !m.staff && '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  )
}
