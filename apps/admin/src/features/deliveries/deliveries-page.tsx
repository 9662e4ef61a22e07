// « Mes livraisons » (issue 25 §3): the courier's orders of the day on their phone, one card
// each, big buttons — the map, a call, WhatsApp — and the two moves: « Livrée » (the amount
// collected for a cash order, prefilled with the total) and « Échec de livraison » with its reason.
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'react-toastify'
import { Alert, Badge, Button, Card, Form, Modal, Spinner } from 'react-bootstrap'
import {
  COURIER_MESSAGES,
  DELIVERY_FAILURE_REASONS,
  deliveredSchema,
  deliveryFailureSchema,
  type CourierDelivery,
  type DeliveredInput,
  type DeliveryFailureInput,
} from '@teranga/shared/backoffice-dispatch'
import { isOrderStatus, ORDER_STATUSES } from '@teranga/shared/order-status'
import { formatPrix } from '@teranga/shared/money'
import { MESSAGES } from '@teranga/shared/messages'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { useDeliveries, useDelivered, useDeliveryFailed } from './api/deliveries-api.ts'

const badgeOf = (etat: string) => (isOrderStatus(etat) ? ORDER_STATUSES[etat].badge : 'secondary')

function DeliveredDialog({ order, onHide }: { order: CourierDelivery; onHide: () => void }) {
  const delivered = useDelivered()
  const form = useForm<DeliveredInput>({ resolver: zodResolver(deliveredSchema), defaultValues: { montant_encaisse: order.a_encaisser } })
  const { errors } = form.formState
  const submit = form.handleSubmit(async (input) => {
    try {
      await delivered.mutateAsync({ numero: order.numero, ...(order.paiement_a_la_livraison ? input : {}) })
      toast.success(COURIER_MESSAGES.delivered)
      onHide()
    } catch (err) {
      if (err instanceof ApiError && err.errors.montant_encaisse) form.setError('montant_encaisse', { message: err.errors.montant_encaisse[0] })
      else toast.error(errorMessage(err))
    }
  })
  return (
    <Modal show onHide={onHide} centered fullscreen="sm-down" aria-labelledby="delivered-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="delivered-title">Livrée : {order.numero}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {order.paiement_a_la_livraison ? (
            <Form.Group controlId="montant-encaisse">
              <Form.Label>Montant encaissé (FCFA)</Form.Label>
              <Form.Control
                type="number"
                inputMode="numeric"
                size="lg"
                min={0}
                step={1}
                isInvalid={Boolean(errors.montant_encaisse)}
                {...form.register('montant_encaisse', { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })}
              />
              <Form.Control.Feedback type="invalid">{errors.montant_encaisse?.message}</Form.Control.Feedback>
              <Form.Text>À encaisser : {formatPrix(order.a_encaisser)}</Form.Text>
            </Form.Group>
          ) : (
            <p className="mb-0">Commande payée en ligne : rien à encaisser.</p>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            Annuler
          </Button>
          <Button type="submit" variant="success" size="lg" disabled={delivered.isPending}>
            Confirmer la livraison
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  )
}

function FailureDialog({ order, onHide }: { order: CourierDelivery; onHide: () => void }) {
  const failed = useDeliveryFailed()
  const form = useForm<DeliveryFailureInput>({ resolver: zodResolver(deliveryFailureSchema), defaultValues: { raison: undefined, precision: '' } })
  const { errors } = form.formState
  const raison = useWatch({ control: form.control, name: 'raison' })
  const submit = form.handleSubmit(async (input) => {
    try {
      await failed.mutateAsync({ numero: order.numero, raison: input.raison, ...(input.precision ? { precision: input.precision } : {}) })
      toast.success(COURIER_MESSAGES.failed)
      onHide()
    } catch (err) {
      if (err instanceof ApiError && err.errors.precision) form.setError('precision', { message: err.errors.precision[0] })
      else toast.error(errorMessage(err))
    }
  })
  return (
    <Modal show onHide={onHide} centered fullscreen="sm-down" aria-labelledby="failure-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="failure-title">Échec de livraison : {order.numero}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <fieldset>
            <legend className="fs-6 fw-semibold">Raison</legend>
            {Object.entries(DELIVERY_FAILURE_REASONS).map(([value, label]) => (
              <Form.Check key={value} type="radio" id={`raison-${value}`} value={value} label={label} className="fs-5 mb-2" isInvalid={Boolean(errors.raison)} {...form.register('raison')} />
            ))}
            {errors.raison && <div className="invalid-feedback d-block">{errors.raison.message}</div>}
          </fieldset>
          {raison === 'autre' && (
            <Form.Group controlId="precision" className="mt-2">
              <Form.Label>Que s'est-il passé ?</Form.Label>
              <Form.Control as="textarea" rows={3} maxLength={300} isInvalid={Boolean(errors.precision)} {...form.register('precision')} />
              <Form.Control.Feedback type="invalid">{errors.precision?.message}</Form.Control.Feedback>
            </Form.Group>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            Annuler
          </Button>
          <Button type="submit" variant="warning" size="lg" disabled={failed.isPending}>
            Enregistrer l'échec
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  )
}

function DeliveryCard({ order, onDelivered, onFailed }: { order: CourierDelivery; onDelivered: () => void; onFailed: () => void }) {
  const out = order.etat === 'en_livraison'
  return (
    <Card as="article" className="mb-3" aria-labelledby={`livraison-${order.numero}`}>
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h2 id={`livraison-${order.numero}`} className="h5 mb-0 me-auto">
            {order.creneau ?? 'Sans créneau'} · {order.prenom ?? 'Client'}
          </h2>
          <Badge bg={badgeOf(order.etat)} text={badgeOf(order.etat) === 'warning' ? 'dark' : undefined}>
            {order.etat_texte}
          </Badge>
        </div>
        <p className="mb-1 text-break">{order.adresse ?? 'Adresse non indiquée'}</p>
        {order.repere && <p className="mb-1 text-break fw-semibold">{MESSAGES.repereShown(order.repere)}</p>}
        <p className="small text-muted mb-2">Commande {order.numero}</p>
        <p className="fs-5 mb-3">
          {order.paiement_a_la_livraison ? (
            <>
              À encaisser : <strong>{formatPrix(order.a_encaisser)}</strong>
            </>
          ) : (
            <>Payée en ligne : rien à encaisser</>
          )}
          {order.montant_encaisse !== null && <span className="d-block small text-muted">Encaissé : {formatPrix(order.montant_encaisse)}</span>}
        </p>
        <div className="courier-actions">
          {order.carte && (
            <a className="btn btn-outline-primary btn-lg" href={order.carte} target="_blank" rel="noreferrer">
              Carte
            </a>
          )}
          {order.appel && (
            <a className="btn btn-outline-primary btn-lg" href={order.appel}>
              Appeler
            </a>
          )}
          {order.whatsapp && (
            <a className="btn btn-outline-success btn-lg" href={order.whatsapp} target="_blank" rel="noreferrer">
              WhatsApp
            </a>
          )}
        </div>
        {out && (
          <div className="courier-actions mt-2">
            <Button variant="success" size="lg" onClick={onDelivered}>
              Livrée
            </Button>
            <Button variant="warning" size="lg" onClick={onFailed}>
              Échec de livraison
            </Button>
          </div>
        )}
      </Card.Body>
    </Card>
  )
}

export function DeliveriesPage() {
  const { data, error, isPending } = useDeliveries()
  const [dialog, setDialog] = useState<{ kind: 'livree' | 'echec'; order: CourierDelivery } | null>(null)
  return (
    <section aria-labelledby="deliveries-title">
      <h1 id="deliveries-title" className="h3 mb-3">
        Mes livraisons
      </h1>
      {isPending && <Spinner animation="border" role="status" aria-label="Chargement" />}
      {error && <Alert variant="danger">{errorMessage(error)}</Alert>}
      {data && data.commandes.length === 0 && <p className="text-muted">{COURIER_MESSAGES.none}</p>}
      {data?.commandes.map((order) => (
        <DeliveryCard key={order.numero} order={order} onDelivered={() => setDialog({ kind: 'livree', order })} onFailed={() => setDialog({ kind: 'echec', order })} />
      ))}
      {dialog?.kind === 'livree' && <DeliveredDialog order={dialog.order} onHide={() => setDialog(null)} />}
      {dialog?.kind === 'echec' && <FailureDialog order={dialog.order} onHide={() => setDialog(null)} />}
    </section>
  )
}
