// Create or edit a product (spec §5 fields and messages). The image is checked in the
// browser (≤ 2 MB, JPEG/PNG/GIF by its first bytes), then sent to POST /api/media; its key
// goes with the form. A gestionnaire sees the product read-only. Stock moves and archiving
// are on the same page.
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Card, Col, Form, Row, Spinner, Table } from 'react-bootstrap'
import { toast } from 'react-toastify'
import type { z } from 'zod'
import type { StockHistoryLine } from '@teranga/shared/backoffice-catalogue'
import { checkImage, productCreateSchema, productUpdateSchema, stockMovementSchema } from '../../forms/schemas.ts'
import { api, ApiError, apiFetch, errorMessage, type Page } from '../../lib/api.ts'
import { useRole } from '../../lib/auth.tsx'
import type { Product, SubCategory } from '../../lib/types.ts'

type Fields = z.input<typeof productCreateSchema>

function StockMovements({ product, canAdjust }: { product: Product; canAdjust: boolean }) {
  const queryClient = useQueryClient()
  const movements = useQuery({
    queryKey: ['mouvements', product.id],
    queryFn: () => api<Page<StockHistoryLine>>('GET', `/produit/${product.id}/mouvements?count=20`),
  })
  const { register, handleSubmit, formState, reset, setError } = useForm<z.input<typeof stockMovementSchema>>({ resolver: zodResolver(stockMovementSchema), defaultValues: { delta: '' as unknown as number, motif: '' } })
  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('POST', `/produit/${product.id}/mouvements`, stockMovementSchema.parse(values))
      toast.success('Stock mis à jour')
      reset()
      void queryClient.invalidateQueries({ queryKey: ['mouvements', product.id] })
      void queryClient.invalidateQueries({ queryKey: ['produit', String(product.id)] })
    } catch (err) {
      setError('delta', { message: errorMessage(err) })
    }
  })
  return (
    <Card className="mt-3">
      <Card.Header as="h2" className="h6">
        Mouvements de stock (stock actuel : {product.quantite} {product.unite})
      </Card.Header>
      <Card.Body>
        {canAdjust && (
          <Form noValidate onSubmit={onSubmit} className="row g-2 mb-3">
            <Form.Group as={Col} xs={4} controlId="delta">
              <Form.Label>Quantité (+/−)</Form.Label>
              <Form.Control inputMode="numeric" {...register('delta')} isInvalid={Boolean(formState.errors.delta)} />
              <Form.Control.Feedback type="invalid">{formState.errors.delta?.message}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group as={Col} xs={8} controlId="motif">
              <Form.Label>Motif</Form.Label>
              <Form.Control {...register('motif')} isInvalid={Boolean(formState.errors.motif)} />
              <Form.Control.Feedback type="invalid">{formState.errors.motif?.message}</Form.Control.Feedback>
            </Form.Group>
            <Col xs={12}>
              <Button type="submit" size="sm" disabled={formState.isSubmitting}>
                Ajuster le stock
              </Button>
            </Col>
          </Form>
        )}
        <Table size="sm" responsive className="small mb-0">
          <caption className="visually-hidden">Historique du stock</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col" className="text-end">
                Variation
              </th>
              <th scope="col" className="text-end">
                Stock après
              </th>
              <th scope="col">Raison</th>
              <th scope="col">Par</th>
            </tr>
          </thead>
          <tbody>
            {(movements.data?.data ?? []).map((m) => (
              <tr key={m.id}>
                <td>{m.date_fr}</td>
                <td className="text-end">{m.delta > 0 ? `+${m.delta}` : `−${-m.delta}`}</td>
                <td className="text-end">{m.quantite_apres}</td>
                <td>
                  {m.raison_text}
                  {m.motif && <div className="text-body-secondary">{m.motif}</div>}
                </td>
                <td>
                  {m.commande && <Link to={`/commandes/${encodeURIComponent(m.commande.numero)}`}>Commande {m.commande.numero}</Link>}
                  {m.commande && m.staff && ' · '}
                  {m.staff && (m.staff.nom ?? m.staff.email)}
                  {!m.commande && !m.staff && '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  )
}

export function ProductFormPage() {
  const { id } = useParams()
  const creating = !id || id === 'nouveau'
  const role = useRole()
  const readOnly = role !== 'admin'
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const product = useQuery({ queryKey: ['produit', id], queryFn: () => api<Product>('GET', `/produit/${id}`), enabled: !creating })
  const subCategories = useQuery({ queryKey: ['souscategories'], queryFn: () => api<SubCategory[] | Page<SubCategory>>('GET', '/souscategorie?count=100') })
  const subCategoryList = Array.isArray(subCategories.data) ? subCategories.data : (subCategories.data?.data ?? [])
  const [imageError, setImageError] = useState<string | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const loaded = product.data
  const { register, handleSubmit, formState, setValue, setError } = useForm<Fields>({
    resolver: zodResolver(creating ? productCreateSchema : productUpdateSchema) as never,
    values: loaded
      ? { designation: loaded.designation, prix: loaded.prix, qte: loaded.quantite, unite: loaded.unite, categorie_id: loaded.souscategorie.id, description: loaded.description ?? '', code: loaded.code, seuil: loaded.seuil, image: undefined }
      : undefined,
    defaultValues: { designation: '', prix: '', qte: '', unite: '', categorie_id: '', description: '', code: '', seuil: '' } as unknown as Fields,
  })
  const archive = useMutation({
    mutationFn: () => (loaded?.actif ? api<{ archive: boolean }>('DELETE', `/produit/${id}`) : api('POST', `/produit/${id}/desarchiver`)),
    onSuccess: (result) => {
      toast.success(loaded?.actif ? ((result as { archive?: boolean })?.archive ? 'Produit archivé' : 'Produit supprimé') : 'Produit désarchivé')
      void queryClient.invalidateQueries({ queryKey: ['produits'] })
      void queryClient.invalidateQueries({ queryKey: ['produit', id] })
      if (loaded?.actif && !(result as { archive?: boolean })?.archive) navigate('/produits')
    },
    onError: (err) => toast.error(errorMessage(err)),
  })

  const onImage = async (file: File | undefined) => {
    setImageError(null)
    if (!file) return
    const problem = await checkImage(file)
    if (problem) return setImageError(problem)
    setUploading(true)
    try {
      const body = new FormData()
      body.append('image', file)
      const response = await apiFetch('/media', { method: 'POST', body })
      const media = (await response.json()) as { key: string; image: string }
      setValue('image', media.key)
      setPreview(media.image)
    } catch (err) {
      setImageError(err instanceof ApiError ? err.message : "L'envoi de l'image a échoué. Réessayez.")
    } finally {
      setUploading(false)
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      const body = creating ? values : (({ qte: _qte, ...rest }) => rest)(values as Record<string, unknown>)
      const saved = await api<Product>(creating ? 'POST' : 'PUT', creating ? '/produit' : `/produit/${id}`, body)
      toast.success(creating ? 'Produit créé' : 'Produit enregistré')
      void queryClient.invalidateQueries({ queryKey: ['produits'] })
      if (creating) navigate(`/produits/${saved.id}`)
    } catch (err) {
      if (err instanceof ApiError) {
        for (const [field, messages] of Object.entries(err.errors)) setError(field as keyof Fields, { message: messages[0] })
        toast.error(err.message)
      } else toast.error('Une erreur est survenue. Réessayez.')
    }
  })

  if (!creating && product.error) return <Alert variant="danger">Ce produit est introuvable.</Alert>
  if (!creating && !loaded) return <Spinner animation="border" role="status" aria-label="Chargement" />
  const err = formState.errors
  return (
    <>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <h1 className="h3 mb-0 me-auto">{creating ? 'Nouveau produit' : loaded?.designation}</h1>
        {!creating && !readOnly && (
          <Button variant="outline-danger" size="sm" onClick={() => archive.mutate()}>
            {loaded?.actif ? 'Archiver' : 'Désarchiver'}
          </Button>
        )}
      </div>
      <Card body>
        <Form noValidate onSubmit={onSubmit}>
          <fieldset disabled={readOnly}>
            <Row className="g-3">
              <Form.Group as={Col} md={8} controlId="designation">
                <Form.Label>Désignation</Form.Label>
                <Form.Control {...register('designation')} isInvalid={Boolean(err.designation)} />
                <Form.Control.Feedback type="invalid">{err.designation?.message}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group as={Col} md={4} controlId="code">
                <Form.Label>Code</Form.Label>
                <Form.Control {...register('code')} isInvalid={Boolean(err.code)} />
                <Form.Control.Feedback type="invalid">{err.code?.message}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group as={Col} xs={6} md={3} controlId="prix">
                <Form.Label>Prix (FCFA)</Form.Label>
                <Form.Control inputMode="numeric" {...register('prix')} isInvalid={Boolean(err.prix)} />
                <Form.Control.Feedback type="invalid">{err.prix?.message}</Form.Control.Feedback>
              </Form.Group>
              {creating && (
                <Form.Group as={Col} xs={6} md={3} controlId="qte">
                  <Form.Label>Quantité</Form.Label>
                  <Form.Control inputMode="numeric" {...register('qte')} isInvalid={Boolean(err.qte)} />
                  <Form.Control.Feedback type="invalid">{err.qte?.message}</Form.Control.Feedback>
                </Form.Group>
              )}
              <Form.Group as={Col} xs={6} md={3} controlId="unite">
                <Form.Label>Unité</Form.Label>
                <Form.Control {...register('unite')} isInvalid={Boolean(err.unite)} />
                <Form.Control.Feedback type="invalid">{err.unite?.message}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group as={Col} xs={6} md={3} controlId="seuil">
                <Form.Label>Seuil de stock bas</Form.Label>
                <Form.Control inputMode="numeric" {...register('seuil')} isInvalid={Boolean(err.seuil)} />
                <Form.Control.Feedback type="invalid">{err.seuil?.message}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group as={Col} md={6} controlId="categorie_id">
                <Form.Label>Sous-catégorie</Form.Label>
                <Form.Select {...register('categorie_id')} isInvalid={Boolean(err.categorie_id)}>
                  <option value="">Choisir…</option>
                  {subCategoryList.map((sub) => (
                    <option key={sub.id} value={sub.id}>
                      {sub.designation}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid">{err.categorie_id?.message}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group as={Col} md={6} controlId="image">
                <Form.Label>Image (JPEG, PNG ou GIF, 2 Mo au plus)</Form.Label>
                <Form.Control type="file" accept="image/jpeg,image/png,image/gif" onChange={(e) => void onImage((e.target as HTMLInputElement).files?.[0])} isInvalid={Boolean(imageError)} />
                <Form.Control.Feedback type="invalid">{imageError}</Form.Control.Feedback>
                {uploading && <div className="small">Envoi de l'image…</div>}
                {(preview ?? loaded?.image) && <img src={preview ?? loaded?.image ?? ''} alt="Aperçu de l'image" className="mt-2 rounded" style={{ maxWidth: 160 }} />}
              </Form.Group>
              <Form.Group as={Col} xs={12} controlId="description">
                <Form.Label>Description</Form.Label>
                <Form.Control as="textarea" rows={3} {...register('description')} isInvalid={Boolean(err.description)} />
                <Form.Control.Feedback type="invalid">{err.description?.message}</Form.Control.Feedback>
              </Form.Group>
            </Row>
            {!readOnly && (
              <Button type="submit" className="mt-3" disabled={formState.isSubmitting || uploading}>
                {creating ? 'Créer le produit' : 'Enregistrer'}
              </Button>
            )}
          </fieldset>
        </Form>
      </Card>
      {loaded && <StockMovements product={loaded} canAdjust />}
    </>
  )
}
