// The shop's contact details, logo and the home page's promotion images: the one preference
// row, edited with the server's own schema (packages/shared preferenceSchema).
import { lazy, Suspense, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Col, Form, Row } from 'react-bootstrap'
import type { z } from 'zod'
import { preferenceSchema, type Preference } from '@teranga/shared/backoffice-settings'
import { FormField } from '../../components/form-field.tsx'
import { usePreference, useSavePreference } from './api/settings-api.ts'
import { FormActions, saveAndTell, SettingsImage, useUploads } from './settings-controls.tsx'

type PreferenceFields = z.input<typeof preferenceSchema>
const PREFERENCE_FIELDS: Array<{ name: 'telephone' | 'telephone2' | 'whatsapp' | 'email' | 'siteweb' | 'lieu' | 'horaires'; label: string; type?: string }> = [
  { name: 'telephone', label: 'Téléphone', type: 'tel' },
  { name: 'telephone2', label: 'Téléphone 2', type: 'tel' },
  { name: 'whatsapp', label: 'Numéro WhatsApp', type: 'tel' },
  { name: 'email', label: 'E-mail', type: 'email' },
  { name: 'siteweb', label: 'Site web', type: 'url' },
  { name: 'lieu', label: 'Adresse de la boutique' },
  { name: 'horaires', label: "Horaires d'ouverture (page Contact)" },
]
/** The logo and the home page's two promotion images: media keys, set by an upload only. */
const PREFERENCE_IMAGES: Array<{ name: 'logo' | 'promotion' | 'promotion2'; label: string }> = [
  { name: 'logo', label: 'Logo (facultatif)' },
  { name: 'promotion', label: 'Image promotion 1 (facultatif)' },
  { name: 'promotion2', label: 'Image promotion 2 (facultatif)' },
]
const IMAGE_NAMES = PREFERENCE_IMAGES.map(({ name }) => name)

const PositionPicker = lazy(() => import('../../components/position-picker.tsx'))

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
    defaultValues: {
      ...Object.fromEntries([...PREFERENCE_FIELDS, ...PREFERENCE_IMAGES].map(({ name }) => [name, initial?.[name] ?? ''])),
      latitude: initial?.latitude ?? undefined,
      longitude: initial?.longitude ?? undefined,
      telephonesAlertes: initial?.telephonesAlertes ?? [],
      indicatifsMessages: initial?.indicatifsMessages ?? [],
    },
  })
  // The staff's numbers told by SMS of each new order (ADR 034): one per line, sent as a list.
  const [alertPhones, setAlertPhones] = useState((initial?.telephonesAlertes ?? []).join('\n'))
  const alertError = formState.errors.telephonesAlertes
  const alertMessage = alertError?.message ?? (Array.isArray(alertError) ? alertError.find((e) => e?.message)?.message : undefined)
  // The countries other than Senegal whose numbers get the order messages (SMS cost money abroad): calling codes, as a list.
  const [countries, setCountries] = useState((initial?.indicatifsMessages ?? []).join(', '))
  const countriesError = formState.errors.indicatifsMessages
  const countriesMessage = countriesError?.message ?? (Array.isArray(countriesError) ? countriesError.find((e) => e?.message)?.message : undefined)
  const images = useWatch({ control, name: IMAGE_NAMES })
  // The shop on the contact page's map: placed by a click, shown once asked for (Leaflet is heavy).
  const [latitude, longitude] = useWatch({ control, name: ['latitude', 'longitude'] })
  const [showMap, setShowMap] = useState(false)
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
        <Col xs={12} md={6}>
          <Form.Group controlId="preference-telephonesAlertes">
            <Form.Label>Numéros prévenus par SMS de chaque nouvelle commande (un par ligne, 5 au plus)</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={alertPhones}
              isInvalid={alertMessage !== undefined}
              aria-describedby={alertMessage ? 'preference-telephonesAlertes-error' : undefined}
              onChange={(event) => {
                setAlertPhones(event.target.value)
                setValue(
                  'telephonesAlertes',
                  event.target.value
                    .split('\n')
                    .map((line) => line.trim())
                    .filter(Boolean),
                )
              }}
            />
            {alertMessage && (
              <Form.Control.Feedback type="invalid" id="preference-telephonesAlertes-error">
                {alertMessage}
              </Form.Control.Feedback>
            )}
          </Form.Group>
        </Col>
        <Col xs={12} md={6}>
          <Form.Group controlId="preference-indicatifsMessages">
            <Form.Label>Autres pays recevant les SMS et WhatsApp des commandes (indicatifs, par exemple 33, 1)</Form.Label>
            <Form.Control
              type="text"
              inputMode="tel"
              value={countries}
              isInvalid={countriesMessage !== undefined}
              aria-describedby={countriesMessage ? 'preference-indicatifsMessages-error' : 'preference-indicatifsMessages-help'}
              onChange={(event) => {
                setCountries(event.target.value)
                setValue(
                  'indicatifsMessages',
                  event.target.value
                    .split(/[,;\s]+/)
                    .map((code) => code.trim())
                    .filter(Boolean),
                )
              }}
            />
            {countriesMessage ? (
              <Form.Control.Feedback type="invalid" id="preference-indicatifsMessages-error">
                {countriesMessage}
              </Form.Control.Feedback>
            ) : (
              <Form.Text id="preference-indicatifsMessages-help">
                Les numéros mobiles du Sénégal reçoivent toujours les messages ; ceux des autres pays seulement si leur indicatif est listé (chaque SMS à l'étranger est facturé).
              </Form.Text>
            )}
          </Form.Group>
        </Col>
        <Col xs={12}>
          <Form.Label as="p" className="mb-1">
            Position de la boutique (carte de la page Contact)
            {latitude != null && longitude != null ? ` : ${latitude.toFixed(5)}, ${longitude.toFixed(5)}` : ' : non placée'}
          </Form.Label>
          {showMap ? (
            <Suspense fallback={<div style={{ height: 280 }} />}>
              <PositionPicker
                value={{ latitude: latitude ?? undefined, longitude: longitude ?? undefined }}
                onChange={(lat, lng) => {
                  setValue('latitude', lat, { shouldValidate: true })
                  setValue('longitude', lng, { shouldValidate: true })
                }}
              />
            </Suspense>
          ) : (
            <Button variant="outline-secondary" size="sm" onClick={() => setShowMap(true)}>
              Placer la boutique sur la carte
            </Button>
          )}
          {(formState.errors.latitude ?? formState.errors.longitude) && <div className="text-danger small">{formState.errors.latitude?.message ?? formState.errors.longitude?.message}</div>}
        </Col>
        <FormActions label="Enregistrer les coordonnées" submitting={formState.isSubmitting || uploads.uploading} />
      </Row>
    </Form>
  )
}
