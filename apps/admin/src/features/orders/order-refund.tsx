// Refunds on the order page (ADR 025): what was given back and what remains, the refund dialog
// (everything left, some lines with a restock choice each, or an amount), and the sentence the
// cancel dialog says about where a paid order's money goes.
import { useId, useState } from 'react'
import { Alert, Button, Card, Form, ListGroup, Modal } from 'react-bootstrap'
import { formatPrix } from '@teranga/shared/money'
import { motifSchema, ORDERS_MESSAGES, type OrderDetail, type RefundBody } from '@teranga/shared/backoffice-orders'
import { lineRefund } from '@teranga/shared/order-amounts'
import { isOrderPaid, isPaymentReceived } from '@teranga/shared/payment-labels'
import { LinesTable } from './order-lines.tsx'

/** What the customer paid: the provider's amount when it received the money, else the order's total (cash). */
const paid = (order: OrderDetail) => (order.paiement && isPaymentReceived(order.paiement.statut) ? order.paiement.montant : order.total)

/** FCFA refunded or being refunded. */
const counted = (order: OrderDetail) => order.remboursements.reduce((sum, r) => sum + r.montant, 0)

/** FCFA that can still go back to the customer. */
export const refundRemaining = (order: OrderDetail) => Math.max(0, paid(order) - counted(order))

/** Whether money came for the order: an online payment received, or cash collected at delivery (packages/shared). */
export const isPaid = (order: OrderDetail) => isOrderPaid({ etat: order.etat, cash: order.modepaiement.code === 'CASH', payment: order.paiement })

/** « Le client sera remboursé de 12 500 FCFA sur Wave » (or « en espèces »). */
export function refundDestination(order: OrderDetail, amount = refundRemaining(order)): string {
  const where = order.modepaiement.code === 'CASH' ? 'en espèces' : `sur ${order.modepaiement.designation}`
  return `Le client sera remboursé de ${formatPrix(amount)} ${where}`
}

type Line = { produit: { id: number; designation: string }; variante: { id: number; designation: string; code: string } | null }

/** An order or refund line's key: its variant (ADR 053), else its product (a line older than variants). */
const lineKey = (line: Line) => (line.variante ? `v${line.variante.id}` : `p${line.produit.id}`)

/** What a line is called: its variant's designation (the product's and its values), else the product's. */
export const lineName = (line: Line) => line.variante?.designation ?? line.produit.designation

/** Whether a refund line gives back some of an order line: the same variant, else the same product. */
const sameLine = (refunded: Line, line: Line) => (line.variante && refunded.variante ? refunded.variante.id === line.variante.id : refunded.produit.id === line.produit.id)

/** How many of each order line (each variant) are left to refund. */
function linesLeft(order: OrderDetail) {
  return order.lignes.map((line) => {
    const refunded = order.remboursements.flatMap((r) => r.lignes).filter((l) => sameLine(l, line)).reduce((sum, l) => sum + l.quantite, 0)
    return { ...line, key: lineKey(line), reste: Math.max(0, line.quantite - refunded) }
  })
}

/**
 * What giving back `units` more of a line gives back: its share of what was paid (`paye`, the
 * discounts taken off), as the server computes it (packages/shared `lineRefund`, ADR 041).
 */
export const lineRefundAmount = (line: { quantite: number; paye: number; reste: number }, units: number) =>
  lineRefund(line.paye, line.quantite, line.quantite - line.reste, units)

/** The refunds done so far, with their lines. */
export function OrderRefundsCard({ order }: { order: OrderDetail }) {
  if (order.remboursements.length === 0) return null
  return (
    <Card className="mb-3">
      <Card.Header as="h2" className="h6">
        Remboursements · {order.rembourse_fr} remboursés
      </Card.Header>
      <RefundList order={order} />
    </Card>
  )
}

function RefundList({ order }: { order: OrderDetail }) {
  return (
    <ListGroup variant="flush" aria-label="Remboursements effectués">
      {order.remboursements.map((r) => (
        <ListGroup.Item key={r.id}>
          <div className="fw-semibold">
            {r.montant_fr} · {r.provider === 'cash' ? 'en espèces' : r.provider === 'wave' ? 'Wave' : 'PayTech'}
            {r.statut === 'en_cours' && ' · en cours'}
          </div>
          <div className="small text-muted">
            {r.date_fr}
            {r.par && <> · {r.par}</>}
          </div>
          <div className="small">Motif : {r.motif}</div>
          {r.lignes.length > 0 && (
            <ul className="small mb-0">
              {r.lignes.map((l) => (
                <li key={lineKey(l)}>
                  {l.quantite} × {lineName(l)} ({l.total_fr}){l.restock ? ' · remis en stock' : ''}
                </li>
              ))}
            </ul>
          )}
        </ListGroup.Item>
      ))}
    </ListGroup>
  )
}

/** The refund dialog: everything left, chosen lines (each back to stock or not), or an amount. */
export function RefundModal({ order, onClose, onConfirm }: { order: OrderDetail; onClose: () => void; onConfirm: (body: RefundBody) => Promise<void> }) {
  const remaining = refundRemaining(order)
  const lines = linesLeft(order)
  const titleId = useId()
  const [mode, setMode] = useState<'reste' | 'lignes' | 'montant'>('reste')
  const [motif, setMotif] = useState('')
  const [quantities, setQuantities] = useState<Record<string, number>>({})
  const [restock, setRestock] = useState<Record<string, boolean>>({})
  const [montant, setMontant] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const chosen = lines.filter((l) => (quantities[l.key] ?? 0) > 0)
  const amount = mode === 'reste' ? remaining : mode === 'lignes' ? chosen.reduce((sum, l) => sum + lineRefundAmount(l, quantities[l.key] ?? 0), 0) : Number(montant) || 0

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const reason = motifSchema.safeParse(motif)
    if (!reason.success) return setError(reason.error.issues[0]?.message ?? ORDERS_MESSAGES.motifRequired)
    if (mode === 'lignes' && chosen.length === 0) return setError(ORDERS_MESSAGES.refundLinesInvalid)
    if (mode === 'montant' && !(/^\d+$/.test(montant) && Number(montant) >= 1)) return setError(ORDERS_MESSAGES.refundAmountInvalid)
    if (amount > remaining) return setError(ORDERS_MESSAGES.refundTooMuch(remaining))
    setError(null)
    setBusy(true)
    const body: RefundBody =
      mode === 'lignes'
        ? { motif: reason.data, lignes: chosen.map((l) => ({ produit: l.produit.id, ...(l.variante ? { variante: l.variante.id } : {}), quantite: quantities[l.key]!, restock: restock[l.key] ?? false })) }
        : mode === 'montant'
          ? { motif: reason.data, montant: Number(montant) }
          : { motif: reason.data }
    await onConfirm(body).finally(() => setBusy(false))
  }

  return (
    <Modal show onHide={onClose} centered size="lg" aria-labelledby={titleId}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel="Fermer">
          <Modal.Title as="h2" className="h5" id={titleId}>
            Rembourser la commande {order.numero}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            Payé : {formatPrix(paid(order))} · Déjà remboursé : {formatPrix(counted(order))} · <strong>Reste à rembourser : {formatPrix(remaining)}</strong>
          </p>
          <Form.Group className="mb-3">
            {(
              [
                ['reste', 'Tout ce qui reste'],
                ['lignes', 'Certains articles'],
                ['montant', 'Un montant'],
              ] as const
            ).map(([value, label]) => (
              <Form.Check key={value} inline type="radio" id={`refund-mode-${value}`} name="refund-mode" label={label} checked={mode === value} onChange={() => setMode(value)} />
            ))}
          </Form.Group>
          {mode === 'lignes' && (
            <LinesTable className="mb-3" label="Articles à rembourser" headers={[{ label: 'Article' }, { label: 'Reste', end: true }, { label: 'Quantité' }, { label: 'Remettre en stock' }]}>
                  {lines.map((l) => (
                    <tr key={l.key}>
                      <td>
                        {lineName(l)}
                        {l.variante && <span className="small text-muted"> {l.variante.code}</span>}{' '}
                        <span className="small text-muted">
                          {l.paye === l.total ? formatPrix(l.prix) : `${l.quantite} × ${formatPrix(l.prix)}, payé ${l.paye_fr}`}
                        </span>
                      </td>
                      <td className="text-end">{l.reste}</td>
                      <td>
                        <Form.Control
                          type="number"
                          min={0}
                          max={l.reste}
                          size="sm"
                          disabled={l.reste === 0}
                          aria-label={`Quantité à rembourser : ${lineName(l)}`}
                          value={quantities[l.key] ?? 0}
                          onChange={(e) => setQuantities({ ...quantities, [l.key]: Math.min(l.reste, Math.max(0, Math.floor(Number(e.target.value) || 0))) })}
                        />
                      </td>
                      <td>
                        <Form.Check
                          aria-label={`Remettre en stock : ${lineName(l)}`}
                          disabled={l.reste === 0 || order.etat === 'annulee'}
                          checked={restock[l.key] ?? false}
                          onChange={(e) => setRestock({ ...restock, [l.key]: e.target.checked })}
                        />
                      </td>
                    </tr>
                  ))}
            </LinesTable>
          )}
          {mode === 'montant' && (
            <Form.Group controlId="refund-montant" className="mb-3">
              <Form.Label>Montant (FCFA)</Form.Label>
              <Form.Control inputMode="numeric" autoComplete="off" value={montant} onChange={(e) => setMontant(e.target.value.replace(/\D/g, ''))} />
            </Form.Group>
          )}
          <Form.Group controlId="refund-motif">
            <Form.Label>Motif</Form.Label>
            <Form.Control as="textarea" rows={2} value={motif} onChange={(e) => setMotif(e.target.value)} />
          </Form.Group>
          {amount > 0 && <p className="mt-3 mb-0 fw-semibold">{refundDestination(order, amount)}.</p>}
          {error && (
            <Alert variant="danger" className="mt-3 mb-0">
              {error}
            </Alert>
          )}
          {order.remboursements.length > 0 && (
            <>
              <h3 className="h6 mt-3">Remboursements précédents</h3>
              <RefundList order={order} />
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Retour
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            Rembourser {amount > 0 ? formatPrix(amount) : ''}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  )
}
