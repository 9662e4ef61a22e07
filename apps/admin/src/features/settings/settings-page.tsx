// Settings (admin), one card per section page (settings-sections.tsx): delivery zones and
// their fees, payment modes on/off and their order, depots with map picking, categories.
import { lazy, Suspense, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Card, Col, Form, Row, Table } from 'react-bootstrap'
import { toast } from 'react-toastify'
import type { z } from 'zod'
import { formatDepotHours, zoneSchema as sharedZoneSchema, type DepotHoursInput } from '@teranga/shared/backoffice-settings'
import { categorySchema, depotSchema, zoneSchema } from '../../forms/schemas.ts'
import { api, ApiError, errorMessage, listOf, type Page } from '../../lib/api.ts'
import { formatFcfa } from '../../lib/format.ts'
import { ImageUpload } from '../../components/image-upload.tsx'
import { DepotHoursFields } from './depot-hours-fields.tsx'
import { MoveButtons, InlineName, moved, OrderedNames, useSaveOrder } from './ordered-names.tsx'
import { DeleteButton } from './shop-settings.tsx'

interface Zone {
  id: number
  designation: string
  frais: number
  position?: number
}

/** A zone's fee, changed in place: the storefront's checkout shows the new fee at once. */
function ZoneFee({ zone, onSaved }: { zone: Zone; onSaved: () => void }) {
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
    const parsed = zoneSchema.safeParse({ designation: zone.designation, frais: value, position: zone.position })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null)
    try {
      await api('PUT', `/zone/${zone.id}`, parsed.data)
      toast.success(`Frais de ${zone.designation} enregistrés`)
      setEditing(false)
      onSaved()
    } catch (err) {
      setError(errorMessage(err))
    }
  }
  return (
    <div className="d-flex gap-1 align-items-start">
      <Form.Group controlId={`zone-frais-${zone.id}`}>
        <Form.Label className="visually-hidden">Frais de {zone.designation} (FCFA)</Form.Label>
        <Form.Control size="sm" inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} isInvalid={Boolean(error)} style={{ maxWidth: 110 }} />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
      <Button size="sm" onClick={() => void save()}>
        Enregistrer
      </Button>
    </div>
  )
}
interface PaymentMode {
  id: number
  code: string
  designation: string
  actif: boolean
  position: number
}

const PositionPicker = lazy(() => import('../../components/position-picker.tsx'))

interface Depot {
  id: number
  designation: string
  description?: string | null
  adresse: string
  latitude: number
  longitude: number
  horaires?: DepotHoursInput | null
}
interface Category {
  id: number
  designation: string
}


export function ZoneForm({ onSaved }: { onSaved: () => void }) {
  const { register, handleSubmit, formState, reset, setError } = useForm<z.input<typeof zoneSchema>>({ resolver: zodResolver(zoneSchema), defaultValues: { designation: '', frais: '' as unknown as number } })
  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('POST', '/zone', zoneSchema.parse(values))
      toast.success('Zone ajoutée')
      reset()
      onSaved()
    } catch (err) {
      if (err instanceof ApiError) for (const [field, messages] of Object.entries(err.errors)) setError(field as 'designation', { message: messages[0] })
      toast.error(errorMessage(err))
    }
  })
  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Nouvelle zone">
      <Row className="g-2 align-items-end">
        <Form.Group as={Col} xs={12} md={6} controlId="zone-designation">
          <Form.Label>Zone</Form.Label>
          <Form.Control {...register('designation')} isInvalid={Boolean(formState.errors.designation)} />
          <Form.Control.Feedback type="invalid">{formState.errors.designation?.message}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group as={Col} xs={6} md={3} controlId="zone-frais">
          <Form.Label>Frais (FCFA)</Form.Label>
          <Form.Control inputMode="numeric" {...register('frais')} isInvalid={Boolean(formState.errors.frais)} />
          <Form.Control.Feedback type="invalid">{formState.errors.frais?.message}</Form.Control.Feedback>
        </Form.Group>
        <Col xs={6} md={3}>
          <Button type="submit" disabled={formState.isSubmitting}>
            Ajouter la zone
          </Button>
        </Col>
      </Row>
    </Form>
  )
}

export function ZonesCard() {
  const queryClient = useQueryClient()
  const zones = useQuery({ queryKey: ['zones'], queryFn: () => api<Zone[] | Page<Zone>>('GET', '/zone?count=100') })
  const saveZoneOrder = useSaveOrder('zone', 'zones')
  return (
    <Card>
      <Card.Header as="h2" className="h6">
        Zones de livraison
      </Card.Header>
      <Card.Body>
        {zones.error && <Alert variant="danger">Une erreur s'est produite lors du chargement des zones.</Alert>}
        <Table size="sm">
          <caption className="visually-hidden">Zones de livraison</caption>
          <thead>
            <tr>
              <th scope="col">Zone</th>
              <th scope="col">Frais</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {listOf(zones.data).map((zone, index, all) => (
              <tr key={zone.id}>
                <td>
                  <InlineName
                    name={zone.designation}
                    schema={sharedZoneSchema.shape.designation}
                    onSave={async (designation) => {
                      await api('PUT', `/zone/${zone.id}`, { designation, frais: zone.frais })
                      await queryClient.invalidateQueries({ queryKey: ['zones'] })
                    }}
                  />
                </td>
                <td>
                  <ZoneFee zone={zone} onSaved={() => void queryClient.invalidateQueries({ queryKey: ['zones'] })} />
                </td>
                <td className="text-end text-nowrap">
                  <MoveButtons name={zone.designation} index={index} count={all.length} onMove={(to) => void saveZoneOrder(moved(all.map((z) => z.id), index, to))} />{' '}
                  <DeleteButton resource="zone" id={zone.id} label={zone.designation} onDeleted={() => void queryClient.invalidateQueries({ queryKey: ['zones'] })} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        <ZoneForm onSaved={() => void queryClient.invalidateQueries({ queryKey: ['zones'] })} />
      </Card.Body>
    </Card>
  )
}

export function PaymentModesCard() {
  const queryClient = useQueryClient()
  const modes = useQuery({ queryKey: ['modepaiements'], queryFn: () => api<PaymentMode[] | Page<PaymentMode>>('GET', '/modepaiement') })
  const saveMode = async (mode: PaymentMode, body: { actif: boolean; position: number }) => {
    try {
      await api('PUT', `/modepaiement/${mode.id}`, body)
    } catch (err) {
      toast.error(errorMessage(err))
    }
    void queryClient.invalidateQueries({ queryKey: ['modepaiements'] })
  }
  /** Swaps two modes' places, the order shoppers see them in at checkout. */
  const swap = async (all: PaymentMode[], from: number, to: number) => {
    const order = [...all]
    ;[order[from], order[to]] = [order[to]!, order[from]!]
    // Every mode at its index, so that positions stay distinct whatever they were.
    for (const [index, mode] of order.entries()) if (mode.position !== index) await saveMode(mode, { actif: mode.actif, position: index })
  }
  return (
    <Card>
      <Card.Header as="h2" className="h6">
        Modes de paiement
      </Card.Header>
      <Card.Body>
        {listOf(modes.data).map((mode, index, all) => (
          <div key={mode.id} className="d-flex align-items-center gap-2 mb-1">
            <Form.Check
              className="flex-grow-1 mb-0"
              type="switch"
              id={`mode-${mode.id}`}
              label={mode.designation}
              checked={mode.actif}
              onChange={(e) => void saveMode(mode, { actif: e.target.checked, position: mode.position })}
            />
            <Button variant="outline-dark" size="sm" aria-label={`Monter ${mode.designation}`} disabled={index === 0} onClick={() => void swap(all, index, index - 1)}>
              ↑
            </Button>
            <Button variant="outline-dark" size="sm" aria-label={`Descendre ${mode.designation}`} disabled={index === all.length - 1} onClick={() => void swap(all, index, index + 1)}>
              ↓
            </Button>
          </div>
        ))}
      </Card.Body>
    </Card>
  )
}

/** A new depot, or `depot` changed in place (its form then starts from its values). */
export function DepotForm({ depot, onSaved, onCancel }: { depot?: Depot; onSaved: () => void; onCancel?: () => void }) {
  const [showMap, setShowMap] = useState(false)
  const { register, handleSubmit, formState, reset, setValue, control } = useForm<z.input<typeof depotSchema>>({
    resolver: zodResolver(depotSchema),
    defaultValues: depot
      ? { designation: depot.designation, description: depot.description ?? '', adresse: depot.adresse, latitude: depot.latitude, longitude: depot.longitude, horaires: depot.horaires ?? undefined }
      : { designation: '', description: '', adresse: '' },
  })
  const [latitude, longitude] = useWatch({ control, name: ['latitude', 'longitude'] })
  const position = { latitude, longitude }
  const onSubmit = handleSubmit(async (values) => {
    try {
      if (depot) await api('PUT', `/depot/${depot.id}`, depotSchema.parse(values))
      else await api('POST', '/depot', depotSchema.parse(values))
      toast.success(depot ? 'Dépôt enregistré' : 'Dépôt ajouté')
      reset()
      onSaved()
    } catch (err) {
      toast.error(errorMessage(err))
    }
  })
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={depot ? `Modifier le dépôt ${depot.designation}` : 'Nouveau dépôt'}>
      <Row className="g-2">
        <Form.Group as={Col} md={6} controlId="depot-designation">
          <Form.Label>Dépôt</Form.Label>
          <Form.Control {...register('designation')} isInvalid={Boolean(formState.errors.designation)} />
          <Form.Control.Feedback type="invalid">{formState.errors.designation?.message}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group as={Col} md={6} controlId="depot-adresse">
          <Form.Label>Adresse</Form.Label>
          <Form.Control {...register('adresse')} isInvalid={Boolean(formState.errors.adresse)} />
          <Form.Control.Feedback type="invalid">{formState.errors.adresse?.message}</Form.Control.Feedback>
        </Form.Group>
        <Col xs={12}>
          <p className="small mb-1">
            Position : {position.latitude !== undefined ? `${position.latitude}, ${position.longitude}` : 'non choisie'}
            {(formState.errors.latitude || formState.errors.longitude) && <span className="text-danger ms-2">{(formState.errors.latitude ?? formState.errors.longitude)?.message}</span>}
          </p>
          {showMap ? (
            <Suspense fallback={<div style={{ height: 280 }} />}>
              <PositionPicker
                value={position}
                onChange={(latitude, longitude) => {
                  setValue('latitude', latitude, { shouldValidate: true })
                  setValue('longitude', longitude, { shouldValidate: true })
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
        <Col xs={12} className="d-flex gap-2">
          <Button type="submit" disabled={formState.isSubmitting}>
            {depot ? 'Enregistrer le dépôt' : 'Ajouter le dépôt'}
          </Button>
          {onCancel && (
            <Button variant="outline-dark" onClick={onCancel}>
              Annuler
            </Button>
          )}
        </Col>
      </Row>
    </Form>
  )
}

export function CategoryForm({ onSaved }: { onSaved: () => void }) {
  const { register, handleSubmit, formState, reset, setValue } = useForm<z.input<typeof categorySchema>>({ resolver: zodResolver(categorySchema), defaultValues: { designation: '' } })
  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('POST', '/categorie', categorySchema.parse(values))
      toast.success('Catégorie ajoutée')
      reset()
      onSaved()
    } catch (err) {
      toast.error(errorMessage(err))
    }
  })
  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Ajout d’une catégorie">
      <Row className="g-2 align-items-start">
        <Form.Group as={Col} xs={12} md={5} controlId="categorie-designation">
          <Form.Label className="visually-hidden">Nouvelle catégorie</Form.Label>
          <Form.Control placeholder="Nouvelle catégorie" {...register('designation')} isInvalid={Boolean(formState.errors.designation)} />
          <Form.Control.Feedback type="invalid">{formState.errors.designation?.message}</Form.Control.Feedback>
        </Form.Group>
        <Col xs={12} md={5}>
          <ImageUpload id="categorie-image" label="Image de la catégorie (facultatif)" error={formState.errors.image?.message} onUploaded={(media) => setValue('image', media.key)} />
        </Col>
        <Col xs={12} md={2}>
          <Button type="submit" disabled={formState.isSubmitting}>
            Ajouter
          </Button>
        </Col>
      </Row>
    </Form>
  )
}

export function DepotsCard() {
  const queryClient = useQueryClient()
  const [editingDepot, setEditingDepot] = useState<Depot | null>(null)
  const depots = useQuery({ queryKey: ['depots'], queryFn: () => api<Depot[] | Page<Depot>>('GET', '/depot?count=100') })
  return (
    <Card>
      <Card.Header as="h2" className="h6">
        Dépôts (retrait)
      </Card.Header>
      <Card.Body>
        <ul>
          {listOf(depots.data).map((depot) => (
            <li key={depot.id} className="d-flex justify-content-between align-items-center gap-2 py-1">
              <span>
                {depot.designation} — {depot.adresse}
                <span className="d-block small text-body-secondary">{formatDepotHours(depot.horaires) ?? 'Horaires non renseignés'}</span>
              </span>
              <span className="text-nowrap">
                <Button variant="link" size="sm" aria-label={`Modifier ${depot.designation}`} onClick={() => setEditingDepot(depot)}>
                  Modifier
                </Button>
                <DeleteButton resource="depot" id={depot.id} label={depot.designation} onDeleted={() => void queryClient.invalidateQueries({ queryKey: ['depots'] })} />
              </span>
            </li>
          ))}
        </ul>
        <DepotForm
          key={editingDepot?.id ?? 'nouveau'}
          depot={editingDepot ?? undefined}
          onCancel={editingDepot ? () => setEditingDepot(null) : undefined}
          onSaved={() => {
            setEditingDepot(null)
            void queryClient.invalidateQueries({ queryKey: ['depots'] })
          }}
        />
      </Card.Body>
    </Card>
  )
}

export function CategoriesCard() {
  const queryClient = useQueryClient()
  const categories = useQuery({ queryKey: ['categories'], queryFn: () => api<Category[] | Page<Category>>('GET', '/categorie?count=100') })
  const saveCategoryOrder = useSaveOrder('categorie', 'categories')
  return (
    <Card>
      <Card.Header as="h2" className="h6">
        Catégories
      </Card.Header>
      <Card.Body>
        <OrderedNames
          label="Catégories, dans l'ordre du menu de la boutique"
          items={listOf(categories.data)}
          schema={categorySchema.shape.designation}
          rename={async (category, designation) => {
            await api('PUT', `/categorie/${category.id}`, { designation })
            await queryClient.invalidateQueries({ queryKey: ['categories'] })
          }}
          saveOrder={saveCategoryOrder}
          actions={(category) => <DeleteButton resource="categorie" id={category.id} label={category.designation} onDeleted={() => void queryClient.invalidateQueries({ queryKey: ['categories'] })} />}
        />
        <CategoryForm onSaved={() => void queryClient.invalidateQueries({ queryKey: ['categories'] })} />
      </Card.Body>
    </Card>
  )
}
