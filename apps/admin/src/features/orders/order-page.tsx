// One order: customer (tel: and WhatsApp links) and address with its map link first, then
// lines, amounts and history, the moves the lifecycle allows (`suivants`), cancel (offering the
// refund of a paid order at once) and refunds (order-refund.tsx).
import { useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Badge, Button, Card, Col, Form, ListGroup, Modal, Row, Spinner, Table } from 'react-bootstrap'
import { toast } from 'react-toastify'
import type { z } from 'zod'
import { canTransition, isOrderStatus, isProviderOnly } from '@teranga/shared/order-status'
import { reasonSchema } from '../../forms/schemas.ts'
import { api, ApiError, errorMessage } from '../../lib/api.ts'
import type { OrderDetail } from '../../lib/types.ts'
import { actorText, paymentText } from './order-labels.ts'
import { dispatchHistory, OrderDispatchCard } from './order-dispatch.tsx'
import { isPaid, OrderRefundsCard, refundDestination, RefundModal, refundRemaining, type RefundRequest } from './order-refund.tsx'

type Reason = z.infer<typeof reasonSchema>

/** Whether the machine moves this order, by its delivery mode, to `etat`. */
const fitsOrder = (order: OrderDetail, etat: string) => isOrderStatus(order.etat) && isOrderStatus(etat) && canTransition(order.etat, etat, order.modelivraison.code)

function ReasonModal({ title, action, onClose, onConfirm, children }: { title: string; action: string; onClose: () => void; onConfirm: (motif: string) => Promise<void>; children?: ReactNode }) {
  const { register, handleSubmit, formState } = useForm<Reason>({ resolver: zodResolver(reasonSchema), defaultValues: { motif: '' } })
  return (
    <Modal show onHide={onClose} centered>
      <Form noValidate onSubmit={handleSubmit(({ motif }) => onConfirm(motif))}>
        <Modal.Header closeButton closeLabel="Fermer">
          <Modal.Title as="h2" className="h5">
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

export function OrderPage() {
  const { numero = '' } = useParams()
  const queryClient = useQueryClient()
  const key = ['commande', numero]
  const { data: order, error } = useQuery({ queryKey: key, queryFn: () => api<OrderDetail>('GET', `/admin/commande/${encodeURIComponent(numero)}`) })
  const [modal, setModal] = useState<'cancel' | 'refund' | null>(null)
  const [refundOnCancel, setRefundOnCancel] = useState(true)
  const done = (next: OrderDetail, message: string) => {
    queryClient.setQueryData(key, next)
    void queryClient.invalidateQueries({ queryKey: ['commandes'] })
    toast.success(message)
  }
  const failed = (err: unknown) => toast.error(errorMessage(err))
  const move = useMutation({
    mutationFn: (body: { etat: string; motif?: string }) => api<OrderDetail>('POST', `/commande/${encodeURIComponent(numero)}/etat`, body),
    onSuccess: (next) => done(next, `Commande ${next.numero} : ${next.etat_text}`),
    onError: failed,
  })
  const refund = useMutation({
    mutationFn: (body: RefundRequest) => api<OrderDetail>('POST', `/commande/${encodeURIComponent(numero)}/remboursement`, body),
    onSuccess: (next) => done(next, next.etat === 'remboursee' ? `Commande ${next.numero} remboursée` : `Remboursement enregistré : ${next.rembourse_fr} remboursés`),
    onError: failed,
  })

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
            <Button key={next.etat} disabled={move.isPending} onClick={() => move.mutate({ etat: next.etat })}>
              {next.etat_text}
            </Button>
          ))}
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
            <p className="mb-1">
              {order.client.prenom} {order.client.name}
            </p>
            <p className="mb-1 small">{order.client.email}</p>
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
            {order.zone && <p className="mb-1">Zone : {order.zone}</p>}
            {order.adresseliv && <p className="mb-1">{order.adresseliv}</p>}
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
          <Card className="mb-3">
            <Card.Header as="h2" className="h6">
              Articles
            </Card.Header>
            <div className="table-responsive">
              <Table size="sm" className="mb-0">
                <thead>
                  <tr>
                    <th scope="col">Produit</th>
                    <th scope="col" className="text-end">
                      Qté
                    </th>
                    <th scope="col" className="text-end">
                      Prix
                    </th>
                    <th scope="col" className="text-end">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.lignes.map((line) => (
                    <tr key={line.produit.id}>
                      <td>
                        {line.produit.designation} <span className="text-muted small">{line.produit.code}</span>
                      </td>
                      <td className="text-end">{line.quantite}</td>
                      <td className="text-end text-nowrap">{line.prix.toLocaleString('fr-FR')}</td>
                      <td className="text-end text-nowrap">{line.total.toLocaleString('fr-FR')}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
            <Card.Body>
              <dl className="row mb-0 small">
                <dt className="col-6">Sous-total</dt>
                <dd className="col-6 text-end">{order.montantcommande_fr}</dd>
                <dt className="col-6">Livraison</dt>
                <dd className="col-6 text-end">{order.montantliv_fr}</dd>
                {order.remise > 0 && (
                  <>
                    <dt className="col-6">Remise</dt>
                    <dd className="col-6 text-end">− {order.remise_fr}</dd>
                  </>
                )}
                <dt className="col-6 fs-6">Total</dt>
                <dd className="col-6 text-end fs-6 fw-bold">{order.total_fr}</dd>
              </dl>
            </Card.Body>
          </Card>
          <OrderRefundsCard order={order} />
          <Card>
            <Card.Header as="h2" className="h6">
              Historique
            </Card.Header>
            <ListGroup variant="flush">
              {[
                ...order.historique.map((step) => ({ date: step.date, date_fr: step.date_fr, title: step.vers_text, detail: actorText(step), motif: step.motif })),
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
            const cancelled = await move.mutateAsync({ etat: 'annulee', motif }).catch(() => undefined)
            // The money of a paid order goes back in the same gesture, with the same reason.
            if (cancelled && offerRefund && refundOnCancel) await refund.mutateAsync({ motif }).catch(() => undefined)
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
            await refund.mutateAsync(body).catch(() => undefined)
            setModal(null)
          }}
        />
      )}
    </>
  )
}
