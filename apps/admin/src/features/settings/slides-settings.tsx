// The home page's slideshow: each slide by its image and title, added or edited in place with
// the server's own schema (packages/shared carousselSchema); a new slide goes last.
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Col, Form, Row } from 'react-bootstrap'
import type { z } from 'zod'
import { mediaKeySchema } from '@teranga/shared/backoffice-catalogue'
import { carousselSchema, type Slide } from '@teranga/shared/backoffice-settings'
import { mediaUrl } from '@teranga/shared/media'
import { FormField } from '../../components/form-field.tsx'
import { useSaveRow, useSettingsList } from './api/settings-api.ts'
import { FormActions, RowActions, RowsTable, saveAndTell, SettingsImage, useUploads } from './settings-controls.tsx'

/**
 * A slide's image as the home page shows it, small; its stored key means nothing to people. A
 * value that is no media key (an address stored before keys were checked) is not loaded.
 */
function SlideThumbnail({ slide }: { slide: Slide }) {
  if (!mediaKeySchema.safeParse(slide.image).success) return <span className="small text-muted">Image à remplacer</span>
  return <img className="slide-thumbnail" src={mediaUrl(slide.image, 160)} alt={slide.titre ? `Diapositive « ${slide.titre} »` : 'Diapositive sans titre'} width={96} height={54} loading="lazy" />
}

const slideName = (slide: Slide) => slide.titre || `Diapositive ${slide.position + 1}`

const EMPTY = { image: '', titre: '', description: '' }

export function SlidesSettings() {
  const slides = useSettingsList('caroussel')
  const saveRow = useSaveRow('caroussel')
  const [editing, setEditing] = useState<Slide | null>(null)
  const uploads = useUploads()
  const { register, handleSubmit, formState, reset, setValue, setError, control } = useForm<z.input<typeof carousselSchema>, unknown, z.output<typeof carousselSchema>>({ resolver: zodResolver(carousselSchema), defaultValues: EMPTY })
  const image = useWatch({ control, name: 'image' })
  const edit = (slide: Slide | null) => {
    setEditing(slide)
    reset(slide ? { image: slide.image, titre: slide.titre ?? '', description: slide.description ?? '' } : EMPTY)
  }
  const onSubmit = handleSubmit(async (values) => {
    const body = { ...values, position: editing ? editing.position : (slides.data?.length ?? 0) }
    if (await saveAndTell(() => saveRow(editing?.id, body), editing ? 'Diapositive enregistrée' : 'Diapositive ajoutée', (field, message) => setError(field as 'image', { message }))) edit(null)
  })
  return (
    <>
      {slides.error && <Alert variant="danger">Une erreur s'est produite lors du chargement du diaporama.</Alert>}
      <RowsTable
        caption="Diaporama de l'accueil"
        columns={['Image', 'Titre']}
        items={slides.data ?? []}
        cells={(slide) => [
          <SlideThumbnail key="image" slide={slide} />,
          <>
            {slideName(slide)}
            {slide.description && <div className="small text-muted">{slide.description}</div>}
          </>,
        ]}
        actions={(slide) => <RowActions list="caroussel" id={slide.id} label={slideName(slide)} onEdit={() => edit(slide)} />}
      />
      <Form noValidate onSubmit={onSubmit} aria-label={editing ? 'Modifier la diapositive' : 'Nouvelle diapositive'}>
        <Row className="g-2">
          <Col xs={12} md={6}>
            <SettingsImage
              id="slide-image"
              label={editing ? 'Nouvelle image (facultatif)' : 'Image (JPEG, PNG ou GIF, 2 Mo au plus)'}
              error={formState.errors.image?.message}
              value={image}
              onKey={(key) => setValue('image', key, { shouldValidate: true })}
              onUploading={uploads.onUploading}
            />
          </Col>
          <FormField id="slide-titre" col={{ xs: 12, md: 6 }} label="Titre" {...register('titre')} error={formState.errors.titre?.message} />
          <FormField id="slide-description" col={{ xs: 12 }} label="Description" {...register('description')} error={formState.errors.description?.message} />
          <FormActions label={editing ? 'Enregistrer la diapositive' : 'Ajouter la diapositive'} submitting={formState.isSubmitting || uploads.uploading} onCancel={editing ? () => edit(null) : undefined} />
        </Row>
      </Form>
    </>
  )
}
