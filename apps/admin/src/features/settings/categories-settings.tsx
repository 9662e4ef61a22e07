// The catalogue's categories and sub-categories: renamed in place, put in the storefront
// menu's order (sub-categories within their category), added with the server's own schemas
// (packages/shared categoryFormSchema, subcategoryFormSchema).
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Col, Form, Row } from 'react-bootstrap'
import type { z } from 'zod'
import { categoryFormSchema, subcategoryFormSchema, type Subcategory } from '@teranga/shared/backoffice-catalogue'
import { FormField } from '../../components/form-field.tsx'
import { useCreate, useReorder, useSettingsList, useUpdate } from './api/settings-api.ts'
import { EditableList, InlineName } from './editable-list.tsx'
import { DeleteButton, saveAndTell, SettingsImage, useUploads } from './settings-controls.tsx'

function CategoryForm() {
  const create = useCreate('categorie')
  const uploads = useUploads()
  const { register, handleSubmit, formState, reset, setValue, setError, control } = useForm<z.input<typeof categoryFormSchema>, unknown, z.output<typeof categoryFormSchema>>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: { designation: '' },
  })
  const image = useWatch({ control, name: 'image' })
  const onSubmit = handleSubmit(async (values) => {
    if (await saveAndTell(() => create.mutateAsync(values), 'Catégorie ajoutée', (field, message) => setError(field as 'designation', { message }))) reset()
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
          <SettingsImage id="categorie-image" label="Image de la catégorie (facultatif)" error={formState.errors.image?.message} value={image} onKey={(key) => setValue('image', key)} onUploading={uploads.onUploading} />
        </Col>
        <Col xs={12} md={2}>
          <Button type="submit" disabled={formState.isSubmitting || uploads.uploading}>
            Ajouter
          </Button>
        </Col>
      </Row>
    </Form>
  )
}

export function CategoriesSettings() {
  const categories = useSettingsList('categorie')
  const update = useUpdate('categorie')
  const reorder = useReorder('categorie')
  return (
    <>
      {categories.error && <Alert variant="danger">Une erreur s'est produite lors du chargement des catégories.</Alert>}
      <EditableList
        label="Catégories, dans l'ordre du menu de la boutique"
        items={categories.data ?? []}
        name={(category) => (
          <InlineName name={category.designation} schema={categoryFormSchema.shape.designation} onSave={(designation) => update.mutateAsync({ id: category.id, body: { designation } })} />
        )}
        onReorder={(ids) => reorder.mutateAsync(ids)}
        actions={(category) => <DeleteButton list="categorie" id={category.id} label={category.designation} />}
      />
      <CategoryForm />
    </>
  )
}

/** A sub-category's category: the answer's, or (an older answer) the one its id names. */
const categoryOf = (sub: Subcategory & { categorie_id?: number }) => sub.categorie?.id ?? sub.categorie_id ?? 0

export function SubcategoriesSettings() {
  const categories = useSettingsList('categorie')
  const subcategories = useSettingsList('souscategorie')
  const create = useCreate('souscategorie')
  const update = useUpdate('souscategorie')
  const reorder = useReorder('souscategorie')
  const { register, handleSubmit, formState, reset, setError } = useForm<z.input<typeof subcategoryFormSchema>, unknown, z.output<typeof subcategoryFormSchema>>({
    resolver: zodResolver(subcategoryFormSchema),
    defaultValues: { designation: '', categorie_id: '' },
  })
  const categoryName = (sub: Subcategory) => sub.categorie?.designation ?? categories.data?.find((c) => c.id === categoryOf(sub))?.designation ?? ''
  const onSubmit = handleSubmit(async (values) => {
    if (await saveAndTell(() => create.mutateAsync(values), 'Sous-catégorie ajoutée', (field, message) => setError(field as 'designation', { message }))) reset()
  })
  return (
    <>
      {subcategories.error && <Alert variant="danger">Une erreur s'est produite lors du chargement des sous-catégories.</Alert>}
      <EditableList
        label="Sous-catégories, dans l'ordre de leur catégorie"
        items={subcategories.data ?? []}
        groupOf={categoryOf}
        name={(sub) => (
          <InlineName name={sub.designation} schema={subcategoryFormSchema.shape.designation} onSave={(designation) => update.mutateAsync({ id: sub.id, body: { designation, categorie_id: categoryOf(sub) } })} />
        )}
        detail={(sub) => <span className="small text-body-secondary">({categoryName(sub)})</span>}
        onReorder={(ids) => reorder.mutateAsync(ids)}
        actions={(sub) => <DeleteButton list="souscategorie" id={sub.id} label={sub.designation} />}
      />
      <Form noValidate onSubmit={onSubmit} aria-label="Nouvelle sous-catégorie">
        <Row className="g-2 align-items-end">
          <FormField id="souscategorie-designation" col={{ xs: 12, md: 5 }} label="Sous-catégorie" {...register('designation')} error={formState.errors.designation?.message} />
          <FormField
            id="souscategorie-categorie"
            col={{ xs: 12, md: 4 }}
            label="Catégorie"
            {...register('categorie_id')}
            error={formState.errors.categorie_id?.message}
            options={
              <>
                <option value="">Choisir…</option>
                {categories.data?.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.designation}
                  </option>
                ))}
              </>
            }
          />
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
