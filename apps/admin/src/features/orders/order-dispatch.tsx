// An order's courier and the staff's internal notes, on the order page: the courier chosen
// among the active ones (home deliveries only, while the order is open), and a note added
// below the others. Both also appear in the order's history (`dispatchHistory`).
import { useState } from 'react'
import { toast } from 'react-toastify'
import { Button, Card, Form, ListGroup } from 'react-bootstrap'
import { courierMayChange, DISPATCH_MESSAGES, orderNoteSchema, type OrderDispatch } from '@teranga/shared/backoffice-dispatch'
import { isDepotPickup } from '@teranga/shared/order-status'
import { errorMessage } from '../../lib/api.ts'
import { useAddNote, useAssignCourier, useCouriers } from './api/order-dispatch-api.ts'

interface DispatchedOrder extends OrderDispatch {
  numero: string
  etat: string
  modelivraison: { code: string }
}

/** The hand-overs and notes as lines of the order's history, with the date to sort them by. */
export function dispatchHistory(order: OrderDispatch): Array<{ date: string; date_fr: string; title: string; detail: string }> {
  return [
    ...order.affectations.map((h) => ({
      date: h.date,
      date_fr: h.date_fr,
      title: h.livreur ? `Confiée à ${h.livreur.nom}` : 'Reprise au livreur',
      detail: h.par ?? '',
    })),
    ...order.notes.map((n) => ({ date: n.date, date_fr: n.date_fr, title: `Note : ${n.texte}`, detail: n.auteur ?? '' })),
  ]
}

function CourierChoice({ order }: { order: DispatchedOrder }) {
  const open = courierMayChange(order.etat)
  const { data: couriers } = useCouriers(open)
  const assign = useAssignCourier(order.numero)
  const current = order.livreur
  if (!open) return current ? <p className="mb-2">{current.nom}</p> : <p className="mb-2 text-muted">Aucun livreur.</p>
  const choices = (couriers ?? []).filter((c) => c.actif || c.id === current?.id)
  return (
    <Form.Group controlId={`livreur-${order.numero}`} className="mb-2">
      <Form.Label className="small mb-1">Livreur</Form.Label>
      <Form.Select
        value={current?.id ?? ''}
        disabled={assign.isPending}
        onChange={(e) => {
          const id = e.target.value ? Number(e.target.value) : null
          assign.mutate(id, {
            onSuccess: (next) => toast.success(next.livreur ? `Commande confiée à ${next.livreur.nom}` : 'Commande reprise au livreur'),
            onError: (err) => toast.error(errorMessage(err)),
          })
        }}
      >
        <option value="">Aucun livreur</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.nom} · {c.telephone}
          </option>
        ))}
      </Form.Select>
      {current && (
        <a className="small" href={`tel:${current.telephone.replace(/\s/g, '')}`}>
          Appeler {current.nom}
        </a>
      )}
    </Form.Group>
  )
}

function NoteForm({ numero }: { numero: string }) {
  const [texte, setTexte] = useState('')
  const [error, setError] = useState<string | null>(null)
  const add = useAddNote(numero)
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const parsed = orderNoteSchema.safeParse({ texte })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? DISPATCH_MESSAGES.noteRequired)
    setError(null)
    add.mutate(parsed.data.texte, {
      onSuccess: () => {
        setTexte('')
        toast.success('Note ajoutée')
      },
      onError: (err) => toast.error(errorMessage(err)),
    })
  }
  return (
    <Form noValidate onSubmit={submit}>
      <Form.Group controlId={`note-${numero}`}>
        <Form.Label className="small mb-1">Note interne (jamais montrée au client)</Form.Label>
        <Form.Control as="textarea" rows={2} value={texte} isInvalid={Boolean(error)} onChange={(e) => setTexte(e.target.value)} />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" variant="outline-primary" className="mt-2" disabled={add.isPending}>
        Ajouter la note
      </Button>
    </Form>
  )
}

export function OrderDispatchCard({ order }: { order: DispatchedOrder }) {
  return (
    <Card className="mb-3">
      <Card.Body>
        <h2 className="h6">Livraison et notes</h2>
        {!isDepotPickup(order.modelivraison.code) && <CourierChoice order={order} />}
        {order.notes.length > 0 && (
          <ListGroup variant="flush" className="mb-2">
            {order.notes.map((note) => (
              <ListGroup.Item key={note.id} className="px-0">
                <div className="text-break">{note.texte}</div>
                <div className="small text-muted">
                  {note.date_fr}
                  {note.auteur && <> · {note.auteur}</>}
                </div>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
        <NoteForm numero={order.numero} />
      </Card.Body>
    </Card>
  )
}
