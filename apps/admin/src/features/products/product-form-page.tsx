// Create or edit a product (spec §5 fields and messages). The image is checked in the
// browser (≤ 2 MB, JPEG/PNG/GIF by its first bytes), then sent to POST /api/media; its key
// goes with the form. A gestionnaire sees the product read-only. Stock moves and archiving
// are on the same page. With options (ADR 053 §6), the price, stock and codes are each
// variant's, edited in the variants' table (its sale, threshold and barcode in its « Détails »);
// the product's price and threshold only seed new variants.
import { useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { FormProvider, useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { RowSelectionState } from '@tanstack/react-table'
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
import { BulkPriceDialog } from './bulk-price-dialog.tsx'
import { OptionsEditor } from './options-editor.tsx'
import { optionsOf, rowsMatch, VARIANT_MESSAGES, type OptionFields, type VariantRow } from './variant-rows.ts'
import { rowKey, VariantsTable } from './variants-table.tsx'

/** The form's values: the product's fields, its options and its variants as the editor keeps them (values by position). */
type Fields = Omit<ProductFormInput, 'options' | 'variantes' | 'motif'> & { options: OptionFields[]; variantes: VariantRow[]; motif: string }

const EMPTY = { designation: '', prix: '', qte: '', unite: '', categorie_id: '', description: '', code: '', seuil: '', prix_promo: '', promo_debut: '', promo_fin: '', options: [], variantes: [], motif: '' } as unknown as Fields

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '')

/**
 * The body the API reads: today's product without options; with them (or when the product had
 * some), its options and variants, each with its values by name and its position, and no
 * product-level price, stock, threshold or sale (each variant's own, from its « Détails »).
 */
function toBody(values: Fields, variantsMode: boolean): Record<string, unknown> {
  const { options, variantes, motif, ...product } = values
  if (!variantsMode) return product
  const { prix: _prix, qte: _qte, prix_promo: _prixPromo, promo_debut: _debut, promo_fin: _fin, seuil, ...rest } = product
  const moves = variantes.some((row) => row.id !== undefined && !blank(row.delta))
  return {
    ...rest,
    options: options.map((option) => ({ nom: option.nom.trim(), valeurs: option.valeurs })),
    variantes: variantes.map((row, position) => ({
      ...(row.id !== undefined ? { id: row.id } : {}),
      options: optionsOf(options, row.valeurs),
      position,
      code: row.code,
      prix: row.prix,
      ...(row.id === undefined ? { qte: blank(row.qte) ? 0 : row.qte } : blank(row.delta) ? {} : { delta: row.delta }),
      ...details(row, seuil),
    })),
    ...(moves ? { motif } : {}),
  }
}

const SALE_AND_BARCODE = ['prix_promo', 'promo_debut', 'promo_fin', 'code_barres'] as const

/**
 * A row's « Détails »: an existing variant sends its sale and barcode as shown (empty clears
 * them), a new one only those typed; the threshold typed, else a new variant takes the
 * product's field (« Seuil de stock bas des nouvelles variantes ») and an existing one keeps its own.
 */
function details(row: VariantRow, productSeuil: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const field of SALE_AND_BARCODE) if (row[field] !== undefined && (row.id !== undefined || !blank(row[field]))) out[field] = row[field]
  // A variant's image is sent only once uploaded in its « Détails »: absent, the server keeps it.
  if (row.image) out.image = row.image
  if (!blank(row.seuil)) out.seuil = row.seuil
  else if (row.id === undefined && !blank(productSeuil)) out.seuil = productSeuil
  return out
}

/** The shared schema checks the body the form would send, its messages on the fields they name; rows no longer of the options ask to generate again. */
function resolverFor(creating: boolean, variantsMode: boolean): Resolver<Fields, unknown, ProductForm> {
  const schema = zodResolver(creating ? productFormSchema : (productUpdateSchema as unknown as typeof productFormSchema))
  return async (values, context, options) => {
    const result = await schema(toBody(values, variantsMode) as unknown as ProductFormInput, context, options as never)
    if (variantsMode && !rowsMatch(values.options, values.variantes)) {
      return { values: {}, errors: { ...result.errors, variantes: { type: 'custom', message: VARIANT_MESSAGES.generateAgain } } } as never
    }
    return result as never
  }
}

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
  options: product.options.map((option) => ({ nom: option.nom, valeurs: [...option.valeurs] })),
  // The live variants, values in the options' order; a withdrawn one stays withdrawn.
  variantes: product.variantes
    .filter((variant) => variant.actif)
    .map((variant) => ({
      id: variant.id,
      valeurs: product.options.map((option) => variant.options[option.nom] ?? ''),
      code: variant.code,
      prix: variant.prix,
      delta: '',
      quantite: variant.quantite,
      // Its « Détails »: an emptied sale or barcode clears it; dates in the shop's time.
      prix_promo: variant.prix_promo ?? '',
      promo_debut: toDakarInput(variant.promo_debut),
      promo_fin: toDakarInput(variant.promo_fin),
      seuil: variant.seuil,
      code_barres: variant.code_barres ?? '',
      promo_active: variant.promo_active,
      image_url: variant.image,
    })),
  motif: '',
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
  const [selection, setSelection] = useState<RowSelectionState>({})
  const [bulk, setBulk] = useState(false)
  const hadOptions = (loaded?.options.length ?? 0) > 0
  const form = useForm<Fields, unknown, ProductForm>({
    // The body follows the options typed (and a product that had options keeps sending its variants).
    resolver: (values, context, options) => resolverFor(creating, values.options.length > 0 || hadOptions)(values, context, options),
    values: loaded ? fieldsOf(loaded) : undefined,
    defaultValues: EMPTY,
  })
  const { register, handleSubmit, formState, setValue, setError, control } = form
  const options = useWatch({ control, name: 'options' }) ?? []
  const rows = useWatch({ control, name: 'variantes' }) ?? []
  const variantsMode = options.length > 0 || hadOptions
  const priceSeed = useWatch({ control, name: 'prix' }) as string | number
  const chosen = rows.filter((row) => selection[rowKey(row)] && row.id !== undefined).map((row) => row.id!)
  const moving = rows.some((row) => row.id !== undefined && !blank(row.delta))

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values)
      toast.success(creating ? 'Produit créé' : 'Produit enregistré')
      if (creating) navigate(`/produits/${saved.id}`)
    } catch (err) {
      if (err instanceof ApiError) {
        // `variantes.2.code` lands under that row's code; a field the form does not show, under its row's values.
        for (const [field, messages] of Object.entries(err.errors)) setError(field as FieldPath<Fields>, { message: messages[0] })
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
              <FormField id="code" col={{ md: 4 }} label={variantsMode ? 'Code du produit' : 'Code'} {...register('code')} error={err.code?.message} />
              <FormField id="prix" col={variantsMode ? { xs: 12, md: 6 } : { xs: 6, md: 3 }} label={variantsMode ? 'Prix des nouvelles variantes (FCFA)' : 'Prix (FCFA)'} inputMode="numeric" {...register('prix')} error={err.prix?.message} />
              {creating && !variantsMode && <FormField id="qte" col={{ xs: 6, md: 3 }} label="Quantité" inputMode="numeric" {...register('qte')} error={err.qte?.message} />}
              <FormField id="unite" col={{ xs: 6, md: 3 }} label="Unité" {...register('unite')} error={err.unite?.message} />
              <FormField id="seuil" col={variantsMode ? { xs: 12, md: 6 } : { xs: 6, md: 3 }} label={variantsMode ? 'Seuil de stock bas des nouvelles variantes' : 'Seuil de stock bas'} inputMode="numeric" {...register('seuil')} error={err.seuil?.message} />
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
              {!variantsMode && (
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
              )}
              <FormField id="description" col={{ xs: 12 }} label="Description" as="textarea" rows={3} {...register('description')} error={err.description?.message} />
              <Col xs={12}>
                <fieldset className="border rounded p-2">
                  <legend className="fs-6 px-1 w-auto float-none mb-0">Options et variantes</legend>
                  <Form.Text as="p" className="mt-0">
                    Jusqu’à 3 options (ex. Contenance : 5 kg, 25 kg). Chaque combinaison de valeurs est une variante avec son code, son prix et son stock.
                  </Form.Text>
                  <FormProvider {...form}>
                    <OptionsEditor productPrice={priceSeed} canGenerate={variantsMode} disabled={readOnly} />
                    {variantsMode && rows.length > 0 && (
                      <div className="mt-3">
                        <VariantsTable selection={selection} onSelectionChange={setSelection} readOnly={readOnly} />
                        {!creating && !readOnly && (
                          <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
                            <Button variant="outline-primary" size="sm" disabled={chosen.length === 0} onClick={() => setBulk(true)}>
                              Changer le prix{chosen.length > 0 ? ` (${chosen.length})` : ''}
                            </Button>
                            <Form.Text className="m-0">Cochez des variantes enregistrées pour changer leur prix d’un coup.</Form.Text>
                          </div>
                        )}
                        {moving && <FormField id="motif" className="mt-3" label="Motif des mouvements de stock" {...register('motif')} error={err.motif?.message} />}
                      </div>
                    )}
                  </FormProvider>
                  {err.variantes?.message && (
                    <Alert variant="danger" className="mt-2 mb-0">
                      {err.variantes.message}
                    </Alert>
                  )}
                  {variantsMode && <Form.Text as="p" className="mb-0 mt-2">Le prix et le stock se règlent pour chaque variante ; sa promotion, son seuil et son code-barres dans ses « Détails ».</Form.Text>}
                </fieldset>
              </Col>
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
      {bulk && loaded && <BulkPriceDialog productId={loaded.id} variantIds={chosen} onClose={() => setBulk(false)} />}
    </>
  )
}
