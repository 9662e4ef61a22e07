// One order: customer (tel: and WhatsApp links) and address with its map link first, then
// lines, amounts and history, the moves the lifecycle allows (`suivants`), cancel (offering the
// refund of a paid order at once) and refunds (order-refund.tsx).
import { useId, useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Badge, Button, Card, Col, Form, ListGroup, Modal, Row, Spinner } from 'react-bootstrap'
import { toast } from 'react-toastify'
import { z } from 'zod'
import { motifSchema, type OrderDetail } from '@teranga/shared/backoffice-orders'
import { canTransition, isOrderStatus, isProviderOnly } from '@teranga/shared/order-status'
import { customerLabel } from '@teranga/shared/phone'
import { MESSAGES } from '@teranga/shared/messages'
import { plannedSlot } from '@teranga/shared/delivery-slots'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { useMoveOrder, useOrder, useRefundOrder } from './api/orders-api.ts'
import { actorText, paymentText } from './order-labels.ts'
import { dispatchHistory, OrderDispatchCard } from './order-dispatch.tsx'
import { OrderDocumentsCard } from './order-documents.tsx'
import { OrderLines } from './order-lines.tsx'
import { isPaid, OrderRefundsCard, refundDestination, RefundModal, refundRemaining } from './order-refund.tsx'

/** Why an order is cancelled: the server's rule and message. */
const reasonFormSchema = z.object({ motif: motifSchema })
type Reason = z.infer<typeof reasonFormSchema>

/** Whether the machine moves this order, by its delivery mode, to `etat`. */
const fitsOrder = (order: OrderDetail, etat: string) => isOrderStatus(order.etat) && isOrderStatus(etat) && canTransition(order.etat, etat, order.modelivraison.code)

function ReasonModal({ title, action, onClose, onConfirm, children }: { title: string; action: string; onClose: () => void; onConfirm: (motif: string) => Promise<void>; children?: ReactNode }) {
  const { register, handleSubmit, formState } = useForm<Reason>({ resolver: zodResolver(reasonFormSchema), defaultValues: { motif: '' } })
  const titleId = useId()
  return (
    <Modal show onHide={onClose} centered aria-labelledby={titleId}>
      <Form noValidate onSubmit={handleSubmit(({ motif }) => onConfirm(motif))}>
        <Modal.Header closeButton closeLabel="Fermer">
          <Modal.Title as="h2" className="h5" id={titleId}>
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="motif">
            <Form.Label>Motif</Form.Label>
            <Form.Control as="textarea" rows={3} {...register('motif')} isInvalid={Boolean(formState.errors.motif)} />
            <Form.Control.Feedback type="invalid">{formState.errors.motif?.message}</Form.Control.Feedback>
          </Form.Group>
          {children}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Retour
          </Button>
          <Button type="submit" variant="danger" disabled={formState.isSubmitting}>
            {action}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  )
}

/** A history line: the state reached, or what changed without a move (a preparation, a supplement accepted, ADR 055). */
function historyTitle(step: OrderDetail['historique'][number]) {
  if (step.de !== step.vers) return step.vers_text
  return step.motif?.startsWith('préparée') ? 'Préparée' : 'Commande modifiée'
}

export function OrderPage() {
  const { numero = '' } = useParams()
  const { data: order, error } = useOrder(numero)
  const [modal, setModal] = useState<'cancel' | 'refund' | null>(null)
  const [refundOnCancel, setRefundOnCancel] = useState(true)
  const failed = (err: unknown) => void toast.error(errorMessage(err))
  const move = useMoveOrder(numero)
  const moved = { onSuccess: (next: OrderDetail) => void toast.success(`Commande ${next.numero} : ${next.etat_text}`), onError: failed }
  const refund = useRefundOrder(numero)
  const refunded = {
    onSuccess: (next: OrderDetail) => void toast.success(next.etat === 'remboursee' ? `Commande ${next.numero} remboursée` : `Remboursement enregistré : ${next.rembourse_fr} remboursés`),
    onError: failed,
  }

  if (error) return <Alert variant="danger">{error instanceof ApiError && error.status === 404 ? 'Cette commande est introuvable.' : "Une erreur s'est produite lors du chargement de la commande."}</Alert>
  if (!order) return <Spinner animation="border" role="status" aria-label="Chargement" />
  const offerRefund = isPaid(order) && refundRemaining(order) > 0
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">
          Commande {order.numero}{' '}
          <Badge bg={order.etat_badge || 'secondary'} text={order.etat_badge === 'warning' ? 'dark' : undefined}>
            {order.etat_text}
          </Badge>
        </h1>
        <Link className="btn btn-outline-primary btn-sm" to={`/bons?numeros=${encodeURIComponent(order.numero)}`}>
          Imprimer le bon
        </Link>
      </div>
      <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label="Actions">
        {order.suivants
          // Payment outcomes are the provider's alone, and a courier's or a depot's move fits one
          // delivery mode only (the shared machine), even from a server that would list them.
          .filter((next) => next.etat !== 'annulee' && !isProviderOnly(next.etat) && fitsOrder(order, next.etat))
          .map((next) => (
            <Button key={next.etat} disabled={move.isPending} onClick={() => move.mutate({ etat: next.etat }, moved)}>
              {next.etat_text}
            </Button>
          ))}
        {order.etat === 'en_preparation' && !order.preparee && (
          <Link className="btn btn-success" to={`/commandes/${encodeURIComponent(order.numero)}/preparation`}>
            Préparer
          </Link>
        )}
        {order.suivants.some((next) => next.etat === 'annulee') && (
          <Button variant="outline-danger" onClick={() => setModal('cancel')}>
            Annuler la commande
          </Button>
        )}
        {order.remboursable && (
          <Button variant="outline-danger" onClick={() => setModal('refund')}>
            Rembourser
          </Button>
        )}
      </div>
      <Row className="g-3">
        {/* The customer, their phone and where to go come first on a phone (the courier calls
            from the list); from lg the column sits on the right. */}
        <Col lg={4} className="order-lg-last">
          <Card body className="mb-3">
            <h2 className="h6">Client</h2>
            <p className="mb-1">{customerLabel(order.client)}</p>
            {order.client.email && <p className="mb-1 small">{order.client.email}</p>}
            {order.tel && (
              <p className="mb-1">
                <a href={`tel:${order.tel.replace(/\s/g, '')}`}>{order.tel}</a>
                {order.whatsapp && (
                  <>
                    {' · '}
                    <a href={order.whatsapp} target="_blank" rel="noreferrer">
                      WhatsApp
                    </a>
                  </>
                )}
              </p>
            )}
          </Card>
          <Card body className="mb-3">
            <h2 className="h6">{order.depot ? 'Retrait' : 'Livraison'}</h2>
            <p className="mb-1">{order.depot?.designation ?? order.modelivraison.designation}</p>
            {order.creneau && <p className="mb-1 fw-semibold">{plannedSlot(order.creneau.libelle, order.depot !== null)}</p>}
            {order.zone && <p className="mb-1">Zone : {order.zone}</p>}
            {order.adresseliv && <p className="mb-1">{order.adresseliv}</p>}
            {order.repere && <p className="mb-1">{MESSAGES.repereShown(order.repere)}</p>}
            {order.carte && (
              <a href={order.carte} target="_blank" rel="noreferrer">
                Voir sur la carte
              </a>
            )}
          </Card>
          <OrderDispatchCard order={order} />
          <Card body>
            <h2 className="h6">Paiement</h2>
            <p className="mb-1">{order.modepaiement.designation}</p>
            {order.paiement && (
              <p className="mb-0 small">
                {paymentText(order.paiement)}
              </p>
            )}
          </Card>
        </Col>
        <Col lg={8}>
          {order.note_preparation && (
            <Alert variant="warning" className="text-break">
              <strong>Note du client pour le préparateur :</strong> {order.note_preparation}
            </Alert>
          )}
          <Card className="mb-3">
            <Card.Header as="h2" className="h6">
              Articles
            </Card.Header>
            <OrderLines order={order} />
          </Card>
          <OrderRefundsCard order={order} />
          <OrderDocumentsCard order={order} />
          <Card>
            <Card.Header as="h2" className="h6">
              Historique
            </Card.Header>
            <ListGroup variant="flush">
              {[
                ...order.historique.map((step) => ({ date: step.date, date_fr: step.date_fr, title: historyTitle(step), detail: actorText(step), motif: step.motif })),
                ...dispatchHistory(order).map((line) => ({ ...line, motif: null })),
              ]
                .sort((a, b) => a.date.localeCompare(b.date))
                .map((line, index) => (
                  <ListGroup.Item key={index}>
                    <div className="fw-semibold text-break">{line.title}</div>
                    <div className="small text-muted">
                      {line.date_fr}
                      {line.detail && <> · {line.detail}</>}
                    </div>
                    {line.motif && <div className="small">Motif : {line.motif}</div>}
                  </ListGroup.Item>
                ))}
            </ListGroup>
          </Card>
        </Col>
      </Row>
      {modal === 'cancel' && (
        <ReasonModal
          title={`Annuler la commande ${order.numero}`}
          action="Annuler la commande"
          onClose={() => setModal(null)}
          onConfirm={async (motif) => {
            const cancelled = await move.mutateAsync({ etat: 'annulee', motif }, moved).catch(() => undefined)
            // The money of a paid order goes back in the same gesture, with the same reason.
            if (cancelled && offerRefund && refundOnCancel) await refund.mutateAsync({ motif }, refunded).catch(() => undefined)
            setModal(null)
          }}
        >
          {offerRefund && (
            <Form.Group className="mt-3" controlId="refund-on-cancel">
              <Form.Check label="Rembourser le client maintenant" checked={refundOnCancel} onChange={(e) => setRefundOnCancel(e.target.checked)} />
              <Form.Text>{refundOnCancel ? `${refundDestination(order)}.` : 'Le remboursement restera à faire avec « Rembourser ».'}</Form.Text>
            </Form.Group>
          )}
        </ReasonModal>
      )}
      {modal === 'refund' && (
        <RefundModal
          order={order}
          onClose={() => setModal(null)}
          onConfirm={async (body) => {
            await refund.mutateAsync(body, refunded).catch(() => undefined)
            setModal(null)
          }}
        />
      )}
    </>
  )
}
