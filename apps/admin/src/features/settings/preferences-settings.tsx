// The shop's contact details, logo and the home page's promotion images: the one preference
// row, edited with the server's own schema (packages/shared preferenceSchema).
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Col, Form, Row } from 'react-bootstrap'
import type { z } from 'zod'
import { preferenceSchema, type Preference } from '@teranga/shared/backoffice-settings'
import { FormField } from '../../components/form-field.tsx'
import { usePreference, useSavePreference } from './api/settings-api.ts'
import { FormActions, saveAndTell, SettingsImage, useUploads } from './settings-controls.tsx'

type PreferenceFields = z.input<typeof preferenceSchema>
const PREFERENCE_FIELDS: Array<{ name: 'telephone' | 'telephone2' | 'email' | 'siteweb' | 'lieu'; label: string; type?: string }> = [
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
const IMAGE_NAMES = PREFERENCE_IMAGES.map(({ name }) => name)

export function PreferencesSettings() {
  const current = usePreference()
  if (current.error) return <Alert variant="danger">Une erreur s'est produite lors du chargement des coordonnées.</Alert>
  if (current.isPending) return null
  return <PreferencesForm initial={current.data} />
}

function PreferencesForm({ initial }: { initial: Partial<Preference> | null }) {
  const save = useSavePreference()
  const uploads = useUploads()
  const { register, handleSubmit, formState, setError, setValue, control } = useForm<PreferenceFields, unknown, z.output<typeof preferenceSchema>>({
    resolver: zodResolver(preferenceSchema),
    defaultValues: Object.fromEntries([...PREFERENCE_FIELDS, ...PREFERENCE_IMAGES].map(({ name }) => [name, initial?.[name] ?? ''])),
  })
  const images = useWatch({ control, name: IMAGE_NAMES })
  const onSubmit = handleSubmit(async (values) => {
    await saveAndTell(() => save.mutateAsync(values), 'Coordonnées enregistrées', (field, message) => setError(field as keyof PreferenceFields, { message }))
  })
  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Coordonnées et promotions">
      <Row className="g-2">
        {PREFERENCE_FIELDS.map(({ name, label, type }) => (
          <FormField key={name} id={`preference-${name}`} col={{ xs: 12, md: 6 }} label={label} type={type ?? 'text'} {...register(name)} error={formState.errors[name]?.message} />
        ))}
        {PREFERENCE_IMAGES.map(({ name, label }, index) => (
          <Col key={name} xs={12} md={6}>
            <SettingsImage
              id={`preference-${name}`}
              label={label}
              error={formState.errors[name]?.message}
              value={images[index]}
              onKey={(key) => setValue(name, key, { shouldValidate: true })}
              onUploading={uploads.onUploading}
            />
          </Col>
        ))}
        <FormActions label="Enregistrer les coordonnées" submitting={formState.isSubmitting || uploads.uploading} />
      </Row>
    </Form>
  )
}
