// A variant's « Détails » (ADR 053 §6): its sale (promotional price, start, end in Dakar's
// time), its low-stock threshold, its barcode and its image, edited in a small dialog opened from its row
// of the variants' table and sent with the product form (`variantes[]`); a reader sees them
// summed up under the row instead (variants-table.tsx). The errors on these
// fields (the shared schema's or the server's, `variantes.N.prix_promo`…) show under them.
import { useId, useState } from 'react'
import { Badge, Button, Form, Modal } from 'react-bootstrap'
import { useFormContext, useFormState, useWatch } from 'react-hook-form'
import { discountPercent } from '@teranga/shared/promotions'
import { ImageUpload } from '../../components/image-upload.tsx'
import { valuesLabel, type VariantRow } from './variant-rows.ts'

interface VariantsFormValues {
  variantes: VariantRow[]
}

export type DetailField = 'prix_promo' | 'promo_debut' | 'promo_fin' | 'seuil' | 'code_barres'

/** The dialog's fields and their labels, also naming a row's error on one of them under its values. */
export const DETAIL_LABELS: Record<DetailField, string> = {
  prix_promo: 'Prix promotionnel (FCFA)',
  promo_debut: 'Début de la promotion (heure de Dakar)',
  promo_fin: 'Fin de la promotion (heure de Dakar)',
  seuil: 'Seuil de stock bas',
  code_barres: 'Code-barres',
}

function DetailInput({ index, field, type, numeric, help }: { index: number; field: DetailField; type?: string; numeric?: boolean; help?: string }) {
  const { register, control } = useFormContext<VariantsFormValues>()
  const { errors } = useFormState({ control, name: `variantes.${index}.${field}` })
  const message = (errors.variantes as unknown as Array<Partial<Record<DetailField, { message?: string }>> | undefined> | undefined)?.[index]?.[field]?.message
  const id = `variante-${index}-${field}`
  const described = [help ? `${id}-aide` : '', message ? `${id}-erreur` : ''].filter(Boolean).join(' ')
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{DETAIL_LABELS[field]}</Form.Label>
      <Form.Control
        type={type}
        inputMode={numeric ? 'numeric' : undefined}
        autoComplete="off"
        isInvalid={Boolean(message)}
        aria-invalid={Boolean(message)}
        aria-describedby={described || undefined}
        {...register(`variantes.${index}.${field}`)}
      />
      {message && (
        <div id={`${id}-erreur`} className="invalid-feedback d-block">
          {message}
        </div>
      )}
      {help && (
        <Form.Text id={`${id}-aide`} className="d-block">
          {help}
        </Form.Text>
      )}
    </Form.Group>
  )
}

/** The dialog of the row at `index`; its values stay in the form when it closes (sent with « Enregistrer »). */
export function VariantDetailsDialog({ index, onClose }: { index: number; onClose: () => void }) {
  const titleId = useId()
  const { control, setValue } = useFormContext<VariantsFormValues>()
  const row = useWatch({ control, name: `variantes.${index}` })
  const [uploading, setUploading] = useState(false)
  const { errors } = useFormState({ control, name: `variantes.${index}.image` })
  if (!row) return null
  const imageError = (errors.variantes as unknown as Array<{ image?: { message?: string } } | undefined> | undefined)?.[index]?.image?.message
  const label = valuesLabel(row.valeurs)
  const prix = Number(row.prix)
  const promo = Number(row.prix_promo)
  return (
    <Modal show onHide={onClose} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel="Fermer">
        <Modal.Title as="h2" className="h5" id={titleId}>
          Détails de {label}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <fieldset>
          <legend className="fs-6 mb-2">
            Promotion{' '}
            {row.promo_active && row.prix_promo !== '' && promo > 0 && prix > promo && <Badge bg="danger">En cours : -{discountPercent(promo, prix)} %</Badge>}
          </legend>
          <DetailInput index={index} field="prix_promo" numeric help="Vide : pas de promotion. Sans dates, elle commence tout de suite." />
          <DetailInput index={index} field="promo_debut" type="datetime-local" />
          <DetailInput index={index} field="promo_fin" type="datetime-local" />
          <DetailInput index={index} field="seuil" numeric help={row.id === undefined ? 'Vide : le seuil des nouvelles variantes.' : undefined} />
          <DetailInput index={index} field="code_barres" help="Lettres et chiffres (EAN…), unique dans la boutique." />
        </fieldset>
        <ImageUpload
          id={`variante-${index}-image`}
          label="Image de la variante (JPEG, PNG ou GIF, 2 Mo au plus)"
          error={imageError}
          preview={row.image_url}
          onUploading={setUploading}
          onUploaded={(media) => {
            setValue(`variantes.${index}.image`, media.key, { shouldDirty: true })
            setValue(`variantes.${index}.image_url`, media.image, { shouldDirty: true })
          }}
        />
        <Form.Text as="p" className="mb-0">
          Ces valeurs sont enregistrées avec le produit.
        </Form.Text>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose} disabled={uploading}>
          Terminé
        </Button>
      </Modal.Footer>
    </Modal>
  )
}
