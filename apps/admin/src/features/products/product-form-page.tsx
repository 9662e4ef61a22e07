// Create or edit a product (spec §5 fields and messages). The image is checked in the
// browser (≤ 2 MB, JPEG/PNG/GIF by its first bytes), then sent to POST /api/media; its key
// goes with the form. A gestionnaire sees the product read-only. Stock moves and archiving
// are on the same page.
import { useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap'
import { toast } from 'react-toastify'
import { productFormSchema, productUpdateSchema, type Product, type ProductForm, type ProductFormInput } from '@teranga/shared/backoffice-catalogue'
import { discountPercent, toDakarInput } from '@teranga/shared/promotions'
import { FormField } from '../../components/form-field.tsx'
import { ImageUpload } from '../../components/image-upload.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { useRole } from '../../lib/auth.tsx'
import { useArchiveProduct, useProduct, useSaveProduct, useSubcategories } from './api/products-api.ts'
import { StockMovements } from './stock-movements.tsx'

type Fields = ProductFormInput

const EMPTY = { designation: '', prix: '', qte: '', unite: '', categorie_id: '', description: '', code: '', seuil: '', prix_promo: '', promo_debut: '', promo_fin: '' } as unknown as Fields

const fieldsOf = (product: Product): Fields => ({
  designation: product.designation,
  prix: product.prix,
  qte: product.quantite,
  unite: product.unite,
  categorie_id: product.souscategorie.id,
  description: product.description ?? '',
  code: product.code,
  seuil: product.seuil,
  image: undefined,
  // The sale: an empty field clears it; dates in the shop's time (Africa/Dakar).
  prix_promo: (product.prix_promo ?? '') as unknown as number,
  promo_debut: toDakarInput(product.promo_debut),
  promo_fin: toDakarInput(product.promo_fin),
})

function ArchiveButton({ product }: { product: Product }) {
  const navigate = useNavigate()
  const archive = useArchiveProduct(product)
  const onClick = () =>
    archive.mutate(undefined, {
      onSuccess: (result) => {
        const deleted = product.actif && result?.archive === false
        toast.success(product.actif ? (deleted ? 'Produit supprimé' : 'Produit archivé') : 'Produit désarchivé')
        if (deleted) navigate('/produits')
      },
      onError: (err) => toast.error(errorMessage(err)),
    })
  return (
    <Button variant="outline-danger" size="sm" disabled={archive.isPending} onClick={onClick}>
      {product.actif ? 'Archiver' : 'Désarchiver'}
    </Button>
  )
}

export function ProductFormPage() {
  const { id } = useParams()
  const creating = !id || id === 'nouveau'
  const readOnly = useRole() !== 'admin'
  const navigate = useNavigate()
  const product = useProduct(creating ? undefined : id)
  const subcategories = useSubcategories().data ?? []
  const loaded = product.data
  const save = useSaveProduct(loaded?.id)
  const [preview, setPreview] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const { register, handleSubmit, formState, setValue, setError } = useForm<Fields, unknown, ProductForm>({
    resolver: zodResolver(creating ? productFormSchema : (productUpdateSchema as unknown as typeof productFormSchema)),
    values: loaded ? fieldsOf(loaded) : undefined,
    defaultValues: EMPTY,
  })

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values)
      toast.success(creating ? 'Produit créé' : 'Produit enregistré')
      if (creating) navigate(`/produits/${saved.id}`)
    } catch (err) {
      if (err instanceof ApiError) {
        for (const [field, messages] of Object.entries(err.errors)) setError(field as keyof Fields, { message: messages[0] })
      }
      toast.error(errorMessage(err))
    }
  })

  if (!creating && product.error) return <Alert variant="danger">Ce produit est introuvable.</Alert>
  if (!creating && !loaded) return <Spinner animation="border" role="status" aria-label="Chargement" />
  const err = formState.errors
  return (
    <>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <h1 className="h3 mb-0 me-auto">{loaded ? loaded.designation : 'Nouveau produit'}</h1>
        {loaded && !readOnly && <ArchiveButton product={loaded} />}
      </div>
      <Card body>
        <Form noValidate onSubmit={onSubmit}>
          <fieldset disabled={readOnly}>
            <Row className="g-3">
              <FormField id="designation" col={{ md: 8 }} label="Désignation" {...register('designation')} error={err.designation?.message} />
              <FormField id="code" col={{ md: 4 }} label="Code" {...register('code')} error={err.code?.message} />
              <FormField id="prix" col={{ xs: 6, md: 3 }} label="Prix (FCFA)" inputMode="numeric" {...register('prix')} error={err.prix?.message} />
              {creating && <FormField id="qte" col={{ xs: 6, md: 3 }} label="Quantité" inputMode="numeric" {...register('qte')} error={err.qte?.message} />}
              <FormField id="unite" col={{ xs: 6, md: 3 }} label="Unité" {...register('unite')} error={err.unite?.message} />
              <FormField id="seuil" col={{ xs: 6, md: 3 }} label="Seuil de stock bas" inputMode="numeric" {...register('seuil')} error={err.seuil?.message} />
              <FormField
                id="categorie_id"
                col={{ md: 6 }}
                label="Sous-catégorie"
                {...register('categorie_id')}
                error={err.categorie_id?.message}
                options={
                  <>
                    <option value="">Choisir…</option>
                    {subcategories.map((sub) => (
                      <option key={sub.id} value={sub.id}>
                        {sub.designation}
                      </option>
                    ))}
                  </>
                }
              />
              <Col md={6}>
                <ImageUpload
                  id="image"
                  label="Image (JPEG, PNG ou GIF, 2 Mo au plus)"
                  error={err.image?.message}
                  preview={preview ?? loaded?.image}
                  onUploading={setUploading}
                  onUploaded={(media) => {
                    setValue('image', media.key)
                    setPreview(media.image)
                  }}
                />
              </Col>
              <Col xs={12}>
                <fieldset className="border rounded p-2">
                  <legend className="fs-6 px-1 w-auto float-none mb-0">
                    Promotion{' '}
                    {loaded?.promo_active && loaded.prix_promo != null && <span className="badge text-bg-danger">En cours : -{discountPercent(loaded.prix_promo, loaded.prix)} %</span>}
                  </legend>
                  <Row className="g-3">
                    <FormField id="prix_promo" col={{ xs: 12, md: 4 }} label="Prix promotionnel (FCFA)" inputMode="numeric" {...register('prix_promo')} error={err.prix_promo?.message} />
                    <FormField id="promo_debut" col={{ xs: 6, md: 4 }} label="Début (heure de Dakar)" type="datetime-local" {...register('promo_debut')} error={err.promo_debut?.message} />
                    <FormField id="promo_fin" col={{ xs: 6, md: 4 }} label="Fin (heure de Dakar)" type="datetime-local" {...register('promo_fin')} error={err.promo_fin?.message} />
                  </Row>
                  <Form.Text>Sans dates, la promotion commence tout de suite et dure jusqu'à ce que le prix promotionnel soit effacé.</Form.Text>
                </fieldset>
              </Col>
              <FormField id="description" col={{ xs: 12 }} label="Description" as="textarea" rows={3} {...register('description')} error={err.description?.message} />
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
