// Delivery slots and days off (issue 25 §1, ADR 054): the weekday slots with their capacity,
// zones, cut-off and (for pickup) depot, edited with the server's own schema (packages/shared);
// the days off (Tabaski, Korité…) that close every slot of a date. Phone-first: a list of
// short rows, one form under it.
import { useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { Alert, Button, Col, Form, ListGroup, Row } from 'react-bootstrap'
import { toast } from 'react-toastify'
import type { z } from 'zod'
import { formNumber } from '@teranga/shared/backoffice-catalogue'
import { fermetureSchema, formatSlotDay, JOURS, PICKUP_UNLIMITED, type SlotRow, slotSchema } from '@teranga/shared/delivery-slots'
import { FormField } from '../../components/form-field.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useSettingsList } from './api/settings-api.ts'
import { useCreateFermeture, useFermetures, useRemoveFermeture, useRemoveSlot, useSaveSlot, useSlots } from './api/slots-api.ts'
import { saveAndTell } from './settings-controls.tsx'

type SlotForm = z.input<typeof slotSchema>
const EMPTY_SLOT: SlotForm = { jour: 1, debut: '09:00', fin: '12:00', capacite: 20, zones: [], delai_minutes: 120, depot: null, actif: true }

const delay = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60} h avant` : `${minutes} min avant`)
/** « 1 commande », « 20 commandes ». */
const ordersCount = (count: number) => `${count} ${count === 1 ? 'commande' : 'commandes'}`

/** « Lundi 09:00–12:00 ». */
const slotName = (slot: Pick<SlotRow, 'jour' | 'debut' | 'fin'>) => `${JOURS[slot.jour]} ${slot.debut}–${slot.fin}`

async function confirmAndRun(question: string, run: () => Promise<unknown>, done: string) {
  if (!window.confirm(question)) return
  try {
    await run()
    toast.success(done)
  } catch (err) {
    toast.error(errorMessage(err))
  }
}

function SlotForm({ editing, onDone }: { editing: SlotRow | null; onDone: () => void }) {
  const save = useSaveSlot()
  const zones = useSettingsList('zone')
  const depots = useSettingsList('depot')
  const { register, handleSubmit, formState, reset, setError, control } = useForm<SlotForm, unknown, z.output<typeof slotSchema>>({
    resolver: zodResolver(slotSchema),
    values: editing ? { ...editing, zones: editing.zones ?? [] } : EMPTY_SLOT,
  })
  const onSubmit = handleSubmit(async (values) => {
    const saved = await saveAndTell(() => save.mutateAsync({ id: editing?.id, body: values }), editing ? 'Créneau enregistré' : 'Créneau ajouté', (field, message) =>
      setError(field as keyof SlotForm, { message }),
    )
    if (saved) {
      reset(EMPTY_SLOT)
      onDone()
    }
  })
  const errors = formState.errors
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={editing ? `Modifier le créneau ${slotName(editing)}` : 'Nouveau créneau'} className="mt-3">
      <Row className="g-2">
        <FormField
          id="creneau-jour"
          col={{ xs: 12, md: 4 }}
          label="Jour"
          options={JOURS.map((jour, index) => (
            <option key={jour} value={index}>
              {jour}
            </option>
          ))}
          {...register('jour', { setValueAs: (value) => formNumber(value) })}
          error={errors.jour?.message}
        />
        <FormField id="creneau-debut" col={{ xs: 6, md: 4 }} label="Début" type="time" {...register('debut')} error={errors.debut?.message} />
        <FormField id="creneau-fin" col={{ xs: 6, md: 4 }} label="Fin" type="time" {...register('fin')} error={errors.fin?.message} />
        <FormField id="creneau-capacite" col={{ xs: 6, md: 4 }} label="Capacité (commandes)" inputMode="numeric" {...register('capacite', { setValueAs: formNumber })} error={errors.capacite?.message} />
        <FormField
          id="creneau-delai"
          col={{ xs: 6, md: 4 }}
          label="Délai (minutes avant le début)"
          inputMode="numeric"
          {...register('delai_minutes', { setValueAs: formNumber })}
          error={errors.delai_minutes?.message}
        />
        <FormField
          id="creneau-depot"
          col={{ xs: 12, md: 4 }}
          label="Mode"
          options={
            <>
              <option value="">Livraison à domicile</option>
              {(depots.data ?? []).map((depot) => (
                <option key={depot.id} value={depot.id}>
                  Retrait : {depot.designation}
                </option>
              ))}
            </>
          }
          {...register('depot', { setValueAs: (value) => (value === '' || value === null ? null : formNumber(value)) })}
          error={errors.depot?.message}
        />
        <Controller
          control={control}
          name="zones"
          render={({ field }) => (
            <Form.Group as={Col} xs={12} controlId="creneau-zones">
              <Form.Label>Zones desservies</Form.Label>
              <Form.Select
                multiple
                htmlSize={5}
                aria-describedby="creneau-zones-aide"
                value={(field.value ?? []).map(String)}
                onChange={(event) => field.onChange(Array.from(event.target.selectedOptions, (option) => Number(option.value)))}
                onBlur={field.onBlur}
                isInvalid={Boolean(errors.zones)}
              >
                {(zones.data ?? []).map((zone) => (
                  <option key={zone.id} value={zone.id}>
                    {zone.designation}
                  </option>
                ))}
              </Form.Select>
              <Form.Text id="creneau-zones-aide">Aucune zone choisie : toutes les zones. Ignoré pour un retrait.</Form.Text>
              <Form.Control.Feedback type="invalid">{errors.zones?.message}</Form.Control.Feedback>
            </Form.Group>
          )}
        />
        <Col xs={12}>
          <Form.Check id="creneau-actif" type="switch" label="Proposé aux clients" {...register('actif')} />
        </Col>
        <Col xs={12} className="d-flex gap-2">
          <Button type="submit" disabled={formState.isSubmitting}>
            {editing ? 'Enregistrer le créneau' : 'Ajouter le créneau'}
          </Button>
          {editing && (
            <Button variant="outline-secondary" onClick={onDone}>
              Annuler
            </Button>
          )}
        </Col>
      </Row>
    </Form>
  )
}

export function SlotsSettings() {
  const slots = useSlots()
  const zones = useSettingsList('zone')
  const depots = useSettingsList('depot')
  const remove = useRemoveSlot()
  const [editing, setEditing] = useState<SlotRow | null>(null)
  const where = (slot: SlotRow) => {
    if (slot.depot !== null) return `Retrait : ${depots.data?.find((depot) => depot.id === slot.depot)?.designation ?? 'dépôt'}`
    if (!slot.zones) return 'Toutes les zones'
    const names = slot.zones.map((id) => zones.data?.find((zone) => zone.id === id)?.designation).filter(Boolean)
    return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} et ${names.length - 3} autres`
  }
  return (
    <>
      <p className="small text-muted">
        Dès qu'un créneau dessert une zone (ou un dépôt), les clients de cette zone doivent en choisir un pour commander. Heures de Dakar.
      </p>
      <p className="small text-muted" data-testid="slots-from-hours">
        Les créneaux de retrait d'un dépôt suivent ses horaires d'ouverture : un par jour ouvert, jusqu'à une heure avant la fermeture. Ils se règlent dans Paramètres › Dépôts (« Retrait sur
        créneaux » et le nombre de commandes par jour), pas ici.
      </p>
      {slots.error && <Alert variant="danger">Une erreur s'est produite lors du chargement des créneaux.</Alert>}
      {slots.data && slots.data.length === 0 && <p>Aucun créneau : les commandes sont passées sans créneau.</p>}
      <ListGroup as="ul" aria-label="Créneaux">
        {(slots.data ?? []).map((slot) => (
          <ListGroup.Item as="li" key={slot.id} className="d-flex flex-wrap align-items-center gap-2">
            <span className="me-auto">
              <span className="fw-semibold d-block">
                {slotName(slot)}
                {!slot.actif && <span className="badge text-bg-secondary ms-2">Non proposé</span>}
              </span>
              <span className="small text-muted d-block">
                {slot.horaires
                  ? `${slot.capacite >= PICKUP_UNLIMITED ? 'Sans limite' : ordersCount(slot.capacite)} · jusqu'à ${delay(slot.delai_minutes).replace('avant', 'avant la fermeture')} · ${where(slot)} · Suit les horaires du dépôt`
                  : `${ordersCount(slot.capacite)} · jusqu'à ${delay(slot.delai_minutes)} · ${where(slot)}`}
              </span>
            </span>
            {/* A window from a depot's hours is changed with the depot (ADR 058). */}
            {!slot.horaires && (
              <>
                <Button variant="link" size="sm" aria-label={`Modifier ${slotName(slot)}`} onClick={() => setEditing(slot)}>
                  Modifier
                </Button>
                <Button
                  variant="outline-danger"
                  size="sm"
                  aria-label={`Supprimer ${slotName(slot)}`}
                  disabled={remove.isPending}
                  onClick={() => void confirmAndRun(`Supprimer le créneau « ${slotName(slot)} » ? Les commandes déjà passées gardent leur créneau.`, () => remove.mutateAsync(slot.id), 'Créneau supprimé')}
                >
                  Supprimer
                </Button>
              </>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
      <SlotForm editing={editing} onDone={() => setEditing(null)} />
    </>
  )
}

export function FermeturesSettings() {
  const fermetures = useFermetures()
  const create = useCreateFermeture()
  const remove = useRemoveFermeture()
  const { register, handleSubmit, formState, reset, setError } = useForm<z.input<typeof fermetureSchema>, unknown, z.output<typeof fermetureSchema>>({
    resolver: zodResolver(fermetureSchema),
    defaultValues: { date: '', motif: '' },
  })
  const onSubmit = handleSubmit(async (values) => {
    if (await saveAndTell(() => create.mutateAsync(values), 'Fermeture ajoutée', (field, message) => setError(field as 'date' | 'motif', { message }))) reset()
  })
  return (
    <>
      <p className="small text-muted">Un jour de fermeture (Tabaski, Korité, jour férié) ferme tous les créneaux de cette date.</p>
      {fermetures.error && <Alert variant="danger">Une erreur s'est produite lors du chargement des fermetures.</Alert>}
      {fermetures.data && fermetures.data.length === 0 && <p>Aucune fermeture prévue.</p>}
      <ListGroup as="ul" aria-label="Fermetures">
        {(fermetures.data ?? []).map((day) => (
          <ListGroup.Item as="li" key={day.id} className="d-flex align-items-center gap-2">
            <span className="me-auto">
              <span className="fw-semibold d-block">{formatSlotDay(day.date)}</span>
              <span className="small text-muted">{day.motif}</span>
            </span>
            <Button
              variant="outline-danger"
              size="sm"
              aria-label={`Supprimer la fermeture du ${formatSlotDay(day.date)}`}
              disabled={remove.isPending}
              onClick={() => void confirmAndRun(`Supprimer la fermeture du ${formatSlotDay(day.date)} ?`, () => remove.mutateAsync(day.id), 'Fermeture supprimée')}
            >
              Supprimer
            </Button>
          </ListGroup.Item>
        ))}
      </ListGroup>
      <Form noValidate onSubmit={onSubmit} aria-label="Nouvelle fermeture" className="mt-3">
        <Row className="g-2 align-items-end">
          <FormField id="fermeture-date" col={{ xs: 12, md: 4 }} label="Date" type="date" {...register('date')} error={formState.errors.date?.message} />
          <FormField id="fermeture-motif" col={{ xs: 12, md: 5 }} label="Motif" placeholder="Tabaski" {...register('motif')} error={formState.errors.motif?.message} />
          <Col xs={12} md={3}>
            <Button type="submit" disabled={formState.isSubmitting}>
              Ajouter la fermeture
            </Button>
          </Col>
        </Row>
      </Form>
    </>
  )
}
