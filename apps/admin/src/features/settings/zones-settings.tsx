// Delivery zones and their fees: renamed and re-priced in place, put in the checkout's order,
// added with the server's own zone schema (packages/shared).
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Col, Form, Row } from 'react-bootstrap'
import { toast } from 'react-toastify'
import type { z } from 'zod'
import { formNumber } from '@teranga/shared/backoffice-catalogue'
import { zoneSchema, type Zone } from '@teranga/shared/backoffice-settings'
import { FormField } from '../../components/form-field.tsx'
import { errorMessage } from '../../lib/api.ts'
import { formatFcfa } from '../../lib/format.ts'
import { useCreate, useReorder, useSettingsList, useUpdate } from './api/settings-api.ts'
import { EditableList, InlineName } from './editable-list.tsx'
import { DeleteButton, saveAndTell } from './settings-controls.tsx'

/** A zone's fee, changed in place: the storefront's checkout shows the new fee at once. */
function ZoneFee({ zone }: { zone: Zone }) {
  const update = useUpdate('zone')
  const [editing, setEditing] = useState(false)
  const [value, setValue] = useState(String(zone.frais))
  const [error, setError] = useState<string | null>(null)
  if (!editing)
    return (
      <>
        {formatFcfa(zone.frais)}{' '}
        <Button variant="link" size="sm" className="p-0 ms-1 align-baseline" aria-label={`Modifier les frais de ${zone.designation}`} onClick={() => setEditing(true)}>
          Modifier
        </Button>
      </>
    )
  const save = async () => {
    const parsed = zoneSchema.safeParse({ designation: zone.designation, frais: formNumber(value), position: zone.position })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null)
    try {
      await update.mutateAsync({ id: zone.id, body: parsed.data })
      toast.success(`Frais de ${zone.designation} enregistrés`)
      setEditing(false)
    } catch (err) {
      setError(errorMessage(err))
    }
  }
  return (
    <span className="d-inline-flex gap-1 align-items-start">
      <Form.Group controlId={`zone-frais-${zone.id}`}>
        <Form.Label className="visually-hidden">Frais de {zone.designation} (FCFA)</Form.Label>
        <Form.Control size="sm" inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} isInvalid={Boolean(error)} style={{ maxWidth: 110 }} />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
      <Button size="sm" onClick={() => void save()}>
        Enregistrer
      </Button>
    </span>
  )
}

function ZoneForm() {
  const create = useCreate('zone')
  const { register, handleSubmit, formState, reset, setError } = useForm<z.input<typeof zoneSchema>, unknown, z.output<typeof zoneSchema>>({
    resolver: zodResolver(zoneSchema),
    defaultValues: { designation: '' },
  })
  const onSubmit = handleSubmit(async (values) => {
    if (await saveAndTell(() => create.mutateAsync(values), 'Zone ajoutée', (field, message) => setError(field as 'designation', { message }))) reset()
  })
  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Nouvelle zone">
      <Row className="g-2 align-items-end">
        <FormField id="zone-designation" col={{ xs: 12, md: 6 }} label="Zone" {...register('designation')} error={formState.errors.designation?.message} />
        <FormField id="zone-frais" col={{ xs: 6, md: 3 }} label="Frais (FCFA)" inputMode="numeric" {...register('frais', { setValueAs: formNumber })} error={formState.errors.frais?.message} />
        <Col xs={6} md={3}>
          <Button type="submit" disabled={formState.isSubmitting}>
            Ajouter la zone
          </Button>
        </Col>
      </Row>
    </Form>
  )
}

export function ZonesSettings() {
  const zones = useSettingsList('zone')
  const update = useUpdate('zone')
  const reorder = useReorder('zone')
  return (
    <>
      {zones.error && <Alert variant="danger">Une erreur s'est produite lors du chargement des zones.</Alert>}
      <EditableList
        label="Zones de livraison, dans l'ordre de la commande"
        items={zones.data ?? []}
        name={(zone) => <InlineName name={zone.designation} schema={zoneSchema.shape.designation} onSave={(designation) => update.mutateAsync({ id: zone.id, body: { designation, frais: zone.frais } })} />}
        detail={(zone) => <ZoneFee zone={zone} />}
        onReorder={(ids) => reorder.mutateAsync(ids)}
        actions={(zone) => <DeleteButton list="zone" id={zone.id} label={zone.designation} />}
      />
      <ZoneForm />
    </>
  )
}
