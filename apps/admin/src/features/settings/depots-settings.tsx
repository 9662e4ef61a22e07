// Pickup depots: their position picked on the map, their opening hours, their order in the
// checkout's list; added and edited with the server's own depot schema (packages/shared).
import { lazy, Suspense, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Col, Form, Row } from 'react-bootstrap'
import type { z } from 'zod'
import { depotSchema, formatDepotHours, type Depot } from '@teranga/shared/backoffice-settings'
import { FormField } from '../../components/form-field.tsx'
import { useReorder, useSaveRow, useSettingsList } from './api/settings-api.ts'
import { DepotHoursFields } from './depot-hours-fields.tsx'
import { EditableList } from './editable-list.tsx'
import { FormActions, RowActions, saveAndTell } from './settings-controls.tsx'

const PositionPicker = lazy(() => import('../../components/position-picker.tsx'))

/** A new depot, or `depot` changed in place (its form then starts from its values). */
function DepotForm({ depot, onDone }: { depot?: Depot; onDone: () => void }) {
  const saveRow = useSaveRow('depot')
  const [showMap, setShowMap] = useState(false)
  const { register, handleSubmit, formState, reset, setValue, setError, control } = useForm<z.input<typeof depotSchema>, unknown, z.output<typeof depotSchema>>({
    resolver: zodResolver(depotSchema),
    defaultValues: depot
      ? {
          designation: depot.designation,
          description: depot.description ?? '',
          adresse: depot.adresse ?? '',
          latitude: depot.latitude,
          longitude: depot.longitude,
          horaires: depot.horaires ?? undefined,
          retrait_creneaux: depot.retrait_creneaux,
          retrait_capacite: depot.retrait_capacite,
        }
      : { designation: '', description: '', adresse: '', retrait_creneaux: false, retrait_capacite: null },
  })
  const [latitude, longitude] = useWatch({ control, name: ['latitude', 'longitude'] })
  const onSubmit = handleSubmit(async (values) => {
    if (!(await saveAndTell(() => saveRow(depot?.id, values), depot ? 'Dépôt enregistré' : 'Dépôt ajouté', (field, message) => setError(field as 'designation', { message })))) return
    reset()
    onDone()
  })
  const positionError = (formState.errors.latitude ?? formState.errors.longitude)?.message
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={depot ? `Modifier le dépôt ${depot.designation}` : 'Nouveau dépôt'}>
      <Row className="g-2">
        <FormField id="depot-designation" col={{ md: 6 }} label="Dépôt" {...register('designation')} error={formState.errors.designation?.message} />
        <FormField id="depot-adresse" col={{ md: 6 }} label="Adresse" {...register('adresse')} error={formState.errors.adresse?.message} />
        <Col xs={12}>
          <p className="small mb-1">
            Position : {latitude !== undefined ? `${latitude}, ${longitude}` : 'non choisie'}
            {positionError && <span className="text-danger ms-2">{positionError}</span>}
          </p>
          {showMap ? (
            <Suspense fallback={<div style={{ height: 280 }} />}>
              <PositionPicker
                value={{ latitude, longitude }}
                onChange={(lat, lng) => {
                  setValue('latitude', lat, { shouldValidate: true })
                  setValue('longitude', lng, { shouldValidate: true })
                }}
              />
            </Suspense>
          ) : (
            <Button variant="outline-dark" size="sm" onClick={() => setShowMap(true)}>
              Choisir sur la carte
            </Button>
          )}
        </Col>
        <Col xs={12}>
          <DepotHoursFields initial={depot?.horaires} errors={formState.errors.horaires as never} onChange={(horaires) => setValue('horaires', horaires, { shouldValidate: true })} />
        </Col>
        {/* Pickup windows from these hours (ADR 058): the checkout asks for a day, as for delivery slots. */}
        <Col xs={12} md={6}>
          <Form.Check
            type="switch"
            id="depot-retrait-creneaux"
            label="Retrait sur créneaux : le client choisit son jour de retrait parmi ces horaires"
            {...register('retrait_creneaux')}
            isInvalid={Boolean(formState.errors.retrait_creneaux)}
          />
          <Form.Text>Chaque jour ouvert devient un créneau de retrait, jusqu'à une heure avant la fermeture ; les fermetures exceptionnelles s'appliquent.</Form.Text>
        </Col>
        <Col xs={12} md={6}>
          <Form.Group controlId="depot-retrait-capacite">
            <Form.Label>Commandes à retirer par jour</Form.Label>
            <Form.Control
              type="number"
              inputMode="numeric"
              min={1}
              placeholder="Sans limite"
              {...register('retrait_capacite', { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value)) })}
              isInvalid={Boolean(formState.errors.retrait_capacite)}
            />
            <Form.Control.Feedback type="invalid">{formState.errors.retrait_capacite?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <FormActions label={depot ? 'Enregistrer le dépôt' : 'Ajouter le dépôt'} submitting={formState.isSubmitting} onCancel={depot ? onDone : undefined} />
      </Row>
    </Form>
  )
}

export function DepotsSettings() {
  const depots = useSettingsList('depot')
  const reorder = useReorder('depot')
  const [editing, setEditing] = useState<Depot | null>(null)
  return (
    <>
      {depots.error && <Alert variant="danger">Une erreur s'est produite lors du chargement des dépôts.</Alert>}
      <EditableList
        label="Dépôts, dans l'ordre de la commande"
        items={depots.data ?? []}
        name={(depot) => (
          <>
            {depot.designation}
            {depot.adresse && ` — ${depot.adresse}`}
          </>
        )}
        detail={(depot) => (
          <span className="d-block small text-body-secondary">
            {formatDepotHours(depot.horaires) ?? 'Horaires non renseignés'}
            {depot.retrait_creneaux && ` · Retrait sur créneaux${depot.retrait_capacite ? ` (${depot.retrait_capacite} ${depot.retrait_capacite === 1 ? 'commande' : 'commandes'} par jour)` : ''}`}
          </span>
        )}
        onReorder={(ids) => reorder.mutateAsync(ids)}
        actions={(depot) => <RowActions list="depot" id={depot.id} label={depot.designation} onEdit={() => setEditing(depot)} />}
      />
      <DepotForm key={editing?.id ?? 'nouveau'} depot={editing ?? undefined} onDone={() => setEditing(null)} />
    </>
  )
}
