// The rest of the shop's settings (admin): contact details and promotions, the home page's
// slideshow, loyalty tiers with their rewards, sub-categories, and removing what was added.
// Each form uses the server's own schema (packages/shared) and shows its answers' messages.
import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Col, Form, Row, Table } from 'react-bootstrap'
import { toast } from 'react-toastify'
import { z } from 'zod'
import { mediaKeySchema, subcategoryFormSchema } from '@teranga/shared/backoffice-catalogue'
import { carousselSchema, preferenceSchema, privilegeSchema } from '@teranga/shared/backoffice-settings'
import { mediaUrl } from '@teranga/shared/media'
import { api, ApiError, errorMessage, listOf, type Page } from '../../lib/api.ts'
import { ImageUpload } from '../../components/image-upload.tsx'
import { OrderedNames, useSaveOrder } from './ordered-names.tsx'

const failed = (err: unknown) => toast.error(errorMessage(err))

/** « Supprimer », after a confirmation; the server's refusal (e.g. still in use) is shown as it says it. */
export function DeleteButton({ resource, id, label, onDeleted }: { resource: string; id: number; label: string; onDeleted: () => void }) {
  return (
    <Button
      variant="outline-danger"
      size="sm"
      aria-label={`Supprimer ${label}`}
      onClick={async () => {
        if (!window.confirm(`Supprimer « ${label} » ?`)) return
        try {
          await api('DELETE', `/${resource}/${id}`)
          toast.success(`« ${label} » supprimé`)
          onDeleted()
        } catch (err) {
          failed(err)
        }
      }}
    >
      Supprimer
    </Button>
  )
}

type PreferenceFields = z.input<typeof preferenceSchema>
const PREFERENCE_FIELDS: Array<{ name: keyof PreferenceFields; label: string; type?: string }> = [
  { name: 'telephone', label: 'Téléphone', type: 'tel' },
  { name: 'telephone2', label: 'Téléphone 2', type: 'tel' },
  { name: 'email', label: 'E-mail', type: 'email' },
  { name: 'siteweb', label: 'Site web', type: 'url' },
  { name: 'lieu', label: 'Adresse de la boutique' },
]
/** The logo and the home page's two promotion images: media keys, set by an upload only. */
const PREFERENCE_IMAGES: Array<{ name: 'logo' | 'promotion' | 'promotion2'; label: string }> = [
  { name: 'logo', label: 'Logo (facultatif)' },
  { name: 'promotion', label: 'Image promotion 1 (facultatif)' },
  { name: 'promotion2', label: 'Image promotion 2 (facultatif)' },
]

export function PreferencesCard() {
  const queryClient = useQueryClient()
  const current = useQuery({ queryKey: ['preference'], queryFn: () => api<Record<string, string | null> | null>('GET', '/preference') })
  if (current.error) return <Alert variant="danger">Une erreur s'est produite lors du chargement des coordonnées.</Alert>
  if (current.isPending) return null
  return <PreferencesForm initial={current.data ?? {}} onSaved={() => void queryClient.invalidateQueries({ queryKey: ['preference'] })} />
}

function PreferencesForm({ initial, onSaved }: { initial: Record<string, string | null>; onSaved: () => void }) {
  const defaults = Object.fromEntries(PREFERENCE_FIELDS.map(({ name }) => [name, initial[name] ?? ''])) as PreferenceFields
  const { register, handleSubmit, formState, setError, setValue } = useForm<PreferenceFields>({
    resolver: zodResolver(preferenceSchema),
    defaultValues: { ...defaults, ...Object.fromEntries(PREFERENCE_IMAGES.map(({ name }) => [name, initial[name] ?? ''])) },
  })
  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('PUT', '/preference', preferenceSchema.parse(values))
      toast.success('Coordonnées enregistrées')
      onSaved()
    } catch (err) {
      if (err instanceof ApiError) for (const [field, messages] of Object.entries(err.errors)) setError(field as keyof PreferenceFields, { message: messages[0] })
      failed(err)
    }
  })
  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Coordonnées et promotions">
      <Row className="g-2">
        {PREFERENCE_FIELDS.map(({ name, label, type }) => (
          <Form.Group key={name} as={Col} xs={12} md={6} controlId={`preference-${name}`}>
            <Form.Label>{label}</Form.Label>
            <Form.Control type={type ?? 'text'} {...register(name)} isInvalid={Boolean(formState.errors[name])} />
            <Form.Control.Feedback type="invalid">{formState.errors[name]?.message as string | undefined}</Form.Control.Feedback>
          </Form.Group>
        ))}
        {PREFERENCE_IMAGES.map(({ name, label }) => (
          <Col key={name} xs={12} md={6}>
            <ImageUpload id={`preference-${name}`} label={label} error={formState.errors[name]?.message as string | undefined} onUploaded={(media) => setValue(name, media.key, { shouldValidate: true })} />
          </Col>
        ))}
        <Col xs={12}>
          <Button type="submit" disabled={formState.isSubmitting}>
            Enregistrer les coordonnées
          </Button>
        </Col>
      </Row>
    </Form>
  )
}

interface Slide {
  id: number
  image: string
  titre: string | null
  description: string | null
  position: number
}

/**
 * A slide's image as the home page shows it, small; its stored key means nothing to people. A
 * value that is no media key (an address stored before keys were checked) is not loaded.
 */
function SlideThumbnail({ slide }: { slide: Slide }) {
  if (!mediaKeySchema.safeParse(slide.image).success) return <span className="small text-muted">Image à remplacer</span>
  return <img className="slide-thumbnail" src={mediaUrl(slide.image, 160)} alt={slide.titre ? `Diapositive « ${slide.titre} »` : 'Diapositive sans titre'} width={96} height={54} loading="lazy" />
}

export function SlidesCard() {
  const queryClient = useQueryClient()
  const slides = useQuery({ queryKey: ['caroussel'], queryFn: () => api<Slide[] | Page<Slide>>('GET', '/caroussel?count=100') })
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['caroussel'] })
  const [editing, setEditing] = useState<Slide | null>(null)
  const empty = { image: '', titre: '', description: '' }
  const { register, handleSubmit, formState, reset, setValue } = useForm<z.input<typeof carousselSchema>>({ resolver: zodResolver(carousselSchema), defaultValues: empty })
  const edit = (slide: Slide | null) => {
    setEditing(slide)
    reset(slide ? { image: slide.image, titre: slide.titre ?? '', description: slide.description ?? '' } : empty)
  }
  const onSubmit = handleSubmit(async (values) => {
    try {
      if (editing) await api('PUT', `/caroussel/${editing.id}`, carousselSchema.parse({ ...values, position: editing.position }))
      else await api('POST', '/caroussel', carousselSchema.parse({ ...values, position: listOf(slides.data).length }))
      toast.success(editing ? 'Diapositive enregistrée' : 'Diapositive ajoutée')
      edit(null)
      refresh()
    } catch (err) {
      failed(err)
    }
  })
  return (
    <>
      <Table size="sm">
        <caption className="visually-hidden">Diaporama de l'accueil</caption>
        <thead>
          <tr>
            <th scope="col">Image</th>
            <th scope="col">Titre</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {listOf(slides.data).map((slide) => (
            <tr key={slide.id}>
              <td>
                <SlideThumbnail slide={slide} />
              </td>
              <td>
                {slide.titre || `Diapositive ${slide.position + 1}`}
                {slide.description && <div className="small text-muted">{slide.description}</div>}
              </td>
              <td className="text-end text-nowrap">
                <Button variant="link" size="sm" aria-label={`Modifier ${slide.titre ?? `la diapositive ${slide.id}`}`} onClick={() => edit(slide)}>
                  Modifier
                </Button>
                <DeleteButton resource="caroussel" id={slide.id} label={slide.titre ?? `diapositive ${slide.id}`} onDeleted={refresh} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Form noValidate onSubmit={onSubmit} aria-label={editing ? 'Modifier la diapositive' : 'Nouvelle diapositive'}>
        <Row className="g-2">
          <Col xs={12} md={6}>
            <ImageUpload
              id="slide-image"
              label={editing ? 'Nouvelle image (facultatif)' : 'Image (JPEG, PNG ou GIF, 2 Mo au plus)'}
              error={formState.errors.image?.message}
              onUploaded={(media) => setValue('image', media.key, { shouldValidate: true })}
            />
          </Col>
          <Form.Group as={Col} xs={12} md={6} controlId="slide-titre">
            <Form.Label>Titre</Form.Label>
            <Form.Control {...register('titre')} isInvalid={Boolean(formState.errors.titre)} />
            <Form.Control.Feedback type="invalid">{formState.errors.titre?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group as={Col} xs={12} controlId="slide-description">
            <Form.Label>Description</Form.Label>
            <Form.Control {...register('description')} isInvalid={Boolean(formState.errors.description)} />
            <Form.Control.Feedback type="invalid">{formState.errors.description?.message}</Form.Control.Feedback>
          </Form.Group>
          <Col xs={12} className="d-flex gap-2">
            <Button type="submit" disabled={formState.isSubmitting}>
              {editing ? 'Enregistrer la diapositive' : 'Ajouter la diapositive'}
            </Button>
            {editing && (
              <Button variant="outline-dark" onClick={() => edit(null)}>
                Annuler
              </Button>
            )}
          </Col>
        </Row>
      </Form>
    </>
  )
}

interface Tier {
  id: number
  designation: string
  couleur: string | null
  point: number
  recompenses: Array<{ type: string; valeur: number }>
}

/** The tier form as typed: numbers arrive as text and are read by the shared schema's rules. */
interface TierFields {
  designation: string
  couleur: string
  point: string
  /** The reward types the checkout applies: free delivery, and a percentage off (blank: none). */
  livraison: boolean
  remise: string
}

const EMPTY_TIER: TierFields = { designation: '', couleur: '#c0a062', point: '', livraison: false, remise: '' }

const tierFields = (tier: Tier): TierFields => ({
  designation: tier.designation,
  couleur: tier.couleur ?? '#c0a062',
  point: String(tier.point),
  livraison: tier.recompenses.some((r) => r.type === 'LIVRAISON_GRATUITE' && r.valeur > 0),
  remise: String(tier.recompenses.find((r) => r.type === 'REMISE_POURCENT')?.valeur ?? ''),
})

export function TiersCard() {
  const queryClient = useQueryClient()
  const tiers = useQuery({ queryKey: ['privilege'], queryFn: () => api<Tier[] | Page<Tier>>('GET', '/privilege?count=100') })
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['privilege'] })
  const [editing, setEditing] = useState<Tier | null>(null)
  const { register, handleSubmit, formState, reset, setError } = useForm<TierFields>({ defaultValues: EMPTY_TIER })
  const edit = (tier: Tier | null) => {
    setEditing(tier)
    reset(tier ? tierFields(tier) : EMPTY_TIER)
  }
  const onSubmit = handleSubmit(async (values) => {
    const parsed = privilegeSchema.safeParse({
      designation: values.designation,
      couleur: values.couleur || null,
      point: values.point.trim() === '' ? undefined : Number(values.point),
      recompenses: [
        // LIVRAISON_GRATUITE waives this percentage of the delivery fee: all of it here.
        ...(values.livraison ? [{ type: 'LIVRAISON_GRATUITE', valeur: 100 }] : []),
        ...(values.remise.trim() ? [{ type: 'REMISE_POURCENT', valeur: Number(values.remise) }] : []),
      ],
    })
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'recompenses' ? 'remise' : (issue.path[0] as 'designation' | 'couleur' | 'point')
        setError(field, { message: issue.message })
      }
      return
    }
    try {
      if (editing) await api('PUT', `/privilege/${editing.id}`, parsed.data)
      else await api('POST', '/privilege', parsed.data)
      toast.success(editing ? 'Niveau enregistré' : 'Niveau ajouté')
      edit(null)
      refresh()
    } catch (err) {
      if (err instanceof ApiError) for (const [field, messages] of Object.entries(err.errors)) setError(field === 'recompenses' ? 'remise' : (field as 'point'), { message: messages[0] })
      failed(err)
    }
  })
  const rewardText = (r: { type: string; valeur: number }) =>
    r.type === 'LIVRAISON_GRATUITE'
      ? r.valeur >= 100
        ? 'livraison gratuite'
        : `livraison à −${r.valeur} %`
      : r.type === 'REMISE_POURCENT'
        ? `remise de ${r.valeur} %`
        : `${r.type} ${r.valeur}`
  return (
    <>
      <Table size="sm">
        <caption className="visually-hidden">Niveaux de fidélité</caption>
        <thead>
          <tr>
            <th scope="col">Niveau</th>
            <th scope="col">À partir de</th>
            <th scope="col">Avantages</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {listOf(tiers.data).map((tier) => (
            <tr key={tier.id}>
              <td>
                <span className="d-inline-block rounded-circle me-2 align-middle" style={{ width: 12, height: 12, background: tier.couleur ?? '#ccc' }} aria-hidden="true" />
                {tier.designation}
              </td>
              <td>{tier.point} points</td>
              <td>{tier.recompenses.length ? tier.recompenses.map(rewardText).join(', ') : '—'}</td>
              <td className="text-end text-nowrap">
                <Button variant="link" size="sm" aria-label={`Modifier ${tier.designation}`} onClick={() => edit(tier)}>
                  Modifier
                </Button>
                <DeleteButton resource="privilege" id={tier.id} label={tier.designation} onDeleted={refresh} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Form noValidate onSubmit={onSubmit} aria-label={editing ? `Modifier le niveau ${editing.designation}` : 'Nouveau niveau de fidélité'}>
        <Row className="g-2 align-items-end">
          <Form.Group as={Col} xs={12} md={4} controlId="tier-designation">
            <Form.Label>Niveau</Form.Label>
            <Form.Control {...register('designation')} isInvalid={Boolean(formState.errors.designation)} />
            <Form.Control.Feedback type="invalid">{formState.errors.designation?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group as={Col} xs={6} md={2} controlId="tier-point">
            <Form.Label>Seuil (points)</Form.Label>
            <Form.Control inputMode="numeric" {...register('point')} isInvalid={Boolean(formState.errors.point)} />
            <Form.Control.Feedback type="invalid">{formState.errors.point?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group as={Col} xs={6} md={2} controlId="tier-couleur">
            <Form.Label>Couleur</Form.Label>
            <Form.Control type="color" {...register('couleur')} isInvalid={Boolean(formState.errors.couleur)} />
            <Form.Control.Feedback type="invalid">{formState.errors.couleur?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group as={Col} xs={6} md={2} controlId="tier-remise">
            <Form.Label>Remise (%)</Form.Label>
            <Form.Control inputMode="numeric" {...register('remise')} isInvalid={Boolean(formState.errors.remise)} />
            <Form.Control.Feedback type="invalid">{formState.errors.remise?.message}</Form.Control.Feedback>
          </Form.Group>
          <Col xs={6} md={2}>
            <Form.Check id="tier-livraison" label="Livraison gratuite" {...register('livraison')} />
          </Col>
          <Col xs={12} className="d-flex gap-2">
            <Button type="submit" disabled={formState.isSubmitting}>
              {editing ? 'Enregistrer le niveau' : 'Ajouter le niveau'}
            </Button>
            {editing && (
              <Button variant="outline-dark" onClick={() => edit(null)}>
                Annuler
              </Button>
            )}
          </Col>
        </Row>
      </Form>
    </>
  )
}

interface Subcategory {
  id: number
  designation: string
  categorie_id?: number
  categorie?: { id: number; designation: string }
}

export function SubcategoriesCard() {
  const queryClient = useQueryClient()
  const categories = useQuery({ queryKey: ['categories'], queryFn: () => api<Array<{ id: number; designation: string }> | Page<{ id: number; designation: string }>>('GET', '/categorie?count=100') })
  const subcategories = useQuery({ queryKey: ['souscategories'], queryFn: () => api<Subcategory[] | Page<Subcategory>>('GET', '/souscategorie?count=100') })
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['souscategories'] })
  const saveOrder = useSaveOrder('souscategorie', 'souscategories')
  const { register, handleSubmit, formState, reset } = useForm<z.input<typeof subcategoryFormSchema>>({
    resolver: zodResolver(subcategoryFormSchema),
    defaultValues: { designation: '', categorie_id: '' },
  })
  const categoryName = (sub: Subcategory) => sub.categorie?.designation ?? listOf(categories.data).find((c) => c.id === sub.categorie_id)?.designation ?? ''
  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('POST', '/souscategorie', subcategoryFormSchema.parse(values))
      toast.success('Sous-catégorie ajoutée')
      reset()
      refresh()
    } catch (err) {
      failed(err)
    }
  })
  return (
    <>
      <OrderedNames
        label="Sous-catégories, dans l'ordre de leur catégorie"
        items={listOf(subcategories.data)}
        schema={subcategoryFormSchema.shape.designation}
        groupOf={(sub) => sub.categorie?.id ?? sub.categorie_id ?? 0}
        rename={async (sub, designation) => {
          await api('PUT', `/souscategorie/${sub.id}`, { designation, categorie_id: sub.categorie?.id ?? sub.categorie_id })
          refresh()
        }}
        saveOrder={saveOrder}
        detail={(sub) => <span className="small text-body-secondary">({categoryName(sub)})</span>}
        actions={(sub) => <DeleteButton resource="souscategorie" id={sub.id} label={sub.designation} onDeleted={refresh} />}
      />
      <Form noValidate onSubmit={onSubmit} aria-label="Nouvelle sous-catégorie">
        <Row className="g-2 align-items-end">
          <Form.Group as={Col} xs={12} md={5} controlId="souscategorie-designation">
            <Form.Label>Sous-catégorie</Form.Label>
            <Form.Control {...register('designation')} isInvalid={Boolean(formState.errors.designation)} />
            <Form.Control.Feedback type="invalid">{formState.errors.designation?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group as={Col} xs={12} md={4} controlId="souscategorie-categorie">
            <Form.Label>Catégorie</Form.Label>
            <Form.Select {...register('categorie_id')} isInvalid={Boolean(formState.errors.categorie_id)}>
              <option value="">Choisir…</option>
              {listOf(categories.data).map((category) => (
                <option key={category.id} value={category.id}>
                  {category.designation}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{formState.errors.categorie_id?.message}</Form.Control.Feedback>
          </Form.Group>
          <Col xs={12} md={3}>
            <Button type="submit" disabled={formState.isSubmitting}>
              Ajouter la sous-catégorie
            </Button>
          </Col>
        </Row>
      </Form>
    </>
  )
}
