// « Livreurs » (admins): the couriers an order can be handed to. One who has carried an order
// is kept for its history: deactivate them instead (the server refuses the deletion).
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'react-toastify'
import { Alert, Badge, Button, Card, Form, ListGroup } from 'react-bootstrap'
import { courierSchema, type Courier, type CourierInput } from '@teranga/shared/backoffice-dispatch'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { useCouriers, useCreateCourier, useDeleteCourier, useUpdateCourier } from './api/couriers-api.ts'

type Fields = { nom: string; telephone: string; actif: boolean }

/** The form of a new courier, or of `courier` being edited. */
function CourierForm({ courier, onDone }: { courier?: Courier; onDone?: () => void }) {
  const create = useCreateCourier()
  const update = useUpdateCourier()
  const form = useForm<CourierInput, unknown, Fields>({ resolver: zodResolver(courierSchema), defaultValues: courier ?? { nom: '', telephone: '', actif: true } })
  const { errors, isSubmitting } = form.formState
  const prefix = courier ? `livreur-${courier.id}` : 'livreur-nouveau'
  const submit = form.handleSubmit(async (input) => {
    try {
      if (courier) await update.mutateAsync({ id: courier.id, ...input })
      else await create.mutateAsync(input)
      toast.success(courier ? 'Livreur enregistré' : `${input.nom} ajouté aux livreurs`)
      if (!courier) form.reset({ nom: '', telephone: '', actif: true })
      onDone?.()
    } catch (err) {
      const fields = err instanceof ApiError ? err.errors : {}
      for (const name of ['nom', 'telephone'] as const) if (fields[name]) form.setError(name, { message: fields[name][0] })
      if (!fields.nom && !fields.telephone) toast.error(errorMessage(err))
    }
  })
  return (
    <Form noValidate onSubmit={submit} className="d-flex flex-wrap gap-2 align-items-start">
      <Form.Group controlId={`${prefix}-nom`} className="flex-grow-1">
        <Form.Label className="small mb-1">Nom</Form.Label>
        <Form.Control autoComplete="off" isInvalid={Boolean(errors.nom)} {...form.register('nom')} />
        <Form.Control.Feedback type="invalid">{errors.nom?.message}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId={`${prefix}-telephone`} className="flex-grow-1">
        <Form.Label className="small mb-1">Téléphone</Form.Label>
        <Form.Control type="tel" inputMode="tel" autoComplete="off" isInvalid={Boolean(errors.telephone)} {...form.register('telephone')} />
        <Form.Control.Feedback type="invalid">{errors.telephone?.message}</Form.Control.Feedback>
      </Form.Group>
      {courier && <Form.Check id={`${prefix}-actif`} className="align-self-center mt-3" type="switch" label="Actif" {...form.register('actif')} />}
      <Button type="submit" className="align-self-end" disabled={isSubmitting}>
        {courier ? 'Enregistrer' : 'Ajouter'}
      </Button>
    </Form>
  )
}

function CourierItem({ courier }: { courier: Courier }) {
  const [editing, setEditing] = useState(false)
  const remove = useDeleteCourier()
  const onDelete = () => {
    if (!window.confirm(`Supprimer le livreur ${courier.nom} ?`)) return
    remove.mutate(courier.id, { onSuccess: () => toast.success('Livreur supprimé'), onError: (err) => toast.error(errorMessage(err)) })
  }
  if (editing) {
    return (
      <ListGroup.Item>
        <CourierForm courier={courier} onDone={() => setEditing(false)} />
        <Button variant="link" className="px-0" onClick={() => setEditing(false)}>
          Annuler
        </Button>
      </ListGroup.Item>
    )
  }
  return (
    <ListGroup.Item className="d-flex flex-wrap align-items-center gap-2">
      <div className="flex-grow-1 text-break">
        <div className="fw-semibold">
          {courier.nom} {!courier.actif && <Badge bg="secondary">Inactif</Badge>}
        </div>
        <a href={`tel:${courier.telephone.replace(/\s/g, '')}`} className="small">
          {courier.telephone}
        </a>
      </div>
      <Button variant="outline-secondary" onClick={() => setEditing(true)} aria-label={`Modifier ${courier.nom}`}>
        Modifier
      </Button>
      <Button variant="outline-danger" disabled={remove.isPending} onClick={onDelete} aria-label={`Supprimer ${courier.nom}`}>
        Supprimer
      </Button>
    </ListGroup.Item>
  )
}

export function CouriersPage() {
  const { data, error } = useCouriers()
  return (
    <>
      <h1 className="h3 mb-3">Livreurs</h1>
      <Card className="mb-4">
        <Card.Body>
          <h2 className="h5">Nouveau livreur</h2>
          <CourierForm />
        </Card.Body>
      </Card>
      {error && <Alert variant="danger">Une erreur s'est produite lors du chargement des livreurs.</Alert>}
      {data && data.length === 0 && <p className="text-muted">Aucun livreur pour l'instant.</p>}
      <ListGroup>
        {(data ?? []).map((courier) => (
          <CourierItem key={courier.id} courier={courier} />
        ))}
      </ListGroup>
    </>
  )
}
