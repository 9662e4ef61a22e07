// A product's stock: its history, each change with its reason and who (a staff member) or
// which order made it, and the manual movement form. A product with several variants moves
// one variant's stock (picked in the form), its history names each line's variant and can
// show one variant's lines (ADR 053 §4).
import { useState } from 'react'
import { Link } from 'react-router'
import { Card, Col, Form, Table } from 'react-bootstrap'
import { toast } from 'react-toastify'
import { stockMovementSchema, type Product } from '@teranga/shared/backoffice-catalogue'
import { AdjustmentForm } from '../../components/adjustment-form.tsx'
import { useAddStockMovement, useStockHistory } from './api/stock-api.ts'

export const VARIANT_PICK_REQUIRED = 'Choisissez la variante dont le stock change'

/** A variant as the pickers name it: its values (else the product's name) and its code. */
const variantLabel = (variant: Product['variantes'][number]) => `${Object.values(variant.options).join(' · ') || variant.designation} (${variant.code})`

export function StockMovements({ product, canAdjust }: { product: Product; canAdjust: boolean }) {
  const live = product.variantes.filter((variant) => variant.actif)
  const several = live.length > 1 || product.options.length > 0
  const [shown, setShown] = useState<number | null>(null)
  const [picked, setPicked] = useState<number | null>(null)
  const [pickError, setPickError] = useState<string | null>(null)
  const movements = useStockHistory(product.id, shown)
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
              ready={() => {
                const ok = !several || picked !== null
                setPickError(ok ? null : VARIANT_PICK_REQUIRED)
                return ok
              }}
              onSubmit={async (movement) => {
                await add.mutateAsync(several ? { ...movement, variante: picked } : movement)
                toast.success('Stock mis à jour')
              }}
            >
              {several && (
                <Form.Group as={Col} xs={12} controlId="mouvement-variante">
                  <Form.Label>Variante</Form.Label>
                  <Form.Select
                    value={picked ?? ''}
                    isInvalid={Boolean(pickError)}
                    onChange={(e) => {
                      setPicked(e.target.value === '' ? null : Number(e.target.value))
                      setPickError(null)
                    }}
                  >
                    <option value="">Choisir la variante…</option>
                    {live.map((variant) => (
                      <option key={variant.id} value={variant.id}>
                        {variantLabel(variant)} · stock {variant.quantite}
                      </option>
                    ))}
                  </Form.Select>
                  <Form.Control.Feedback type="invalid">{pickError}</Form.Control.Feedback>
                </Form.Group>
              )}
            </AdjustmentForm>
          </div>
        )}
        {several && (
          <Form.Group controlId="historique-variante" className="mb-2">
            <Form.Label className="small mb-1">Historique de</Form.Label>
            <Form.Select size="sm" value={shown ?? ''} onChange={(e) => setShown(e.target.value === '' ? null : Number(e.target.value))}>
              <option value="">Toutes les variantes</option>
              {product.variantes.map((variant) => (
                <option key={variant.id} value={variant.id}>
                  {variantLabel(variant)}
                  {variant.actif ? '' : ' (retirée)'}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        {/* With its variants column the history scrolls sideways on a phone: its region takes the keyboard's focus, so arrow keys scroll it (WCAG 2.1.1). */}
        <div className="table-responsive" tabIndex={0} role="region" aria-label="Historique du stock">
          <Table size="sm" className="small mb-0">
            <caption className="visually-hidden">Historique du stock</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                {several && <th scope="col">Variante</th>}
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
                  {several && (
                    <td>
                      {m.variante ? (
                        <>
                          {m.variante.designation}
                          <div className="text-body-secondary">{m.variante.code}</div>
                        </>
                      ) : (
                        '—'
                      )}
                    </td>
                  )}
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
        </div>
      </Card.Body>
    </Card>
  )
}
