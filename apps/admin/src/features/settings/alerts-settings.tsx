// « Alertes » (issue 26 §4, ADR 062): what the staff numbers of « Coordonnées » are told of beyond
// each new order, and by which channel — edited with the server's own schema (alertSettingsSchema).
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Col, Form, Row } from 'react-bootstrap'
import type { z } from 'zod'
import { alertSettingsSchema, type AlertSettings } from '@teranga/shared/staff-alerts'
import { FormField } from '../../components/form-field.tsx'
import { useAlertSettings, useSaveAlertSettings } from './api/alerts-api.ts'
import { FormActions, saveAndTell } from './settings-controls.tsx'

type AlertFields = z.input<typeof alertSettingsSchema>

export function AlertsSettings() {
  const current = useAlertSettings()
  if (current.error) return <Alert variant="danger">Une erreur s'est produite lors du chargement des alertes.</Alert>
  if (current.isPending) return null
  return <AlertsForm initial={current.data} />
}

function AlertsForm({ initial }: { initial: AlertSettings }) {
  const save = useSaveAlertSettings()
  const { register, handleSubmit, formState, setError } = useForm<AlertFields, unknown, z.output<typeof alertSettingsSchema>>({
    resolver: zodResolver(alertSettingsSchema),
    defaultValues: initial,
  })
  const onSubmit = handleSubmit(async (values) => {
    await saveAndTell(() => save.mutateAsync(values), 'Alertes enregistrées', (field, message) => setError(field as keyof AlertFields, { message }))
  })
  const { errors } = formState
  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Alertes">
      <p className="small text-muted">Les numéros prévenus sont ceux de « Coordonnées » (nouvelles commandes).</p>
      <Row className="g-2">
        <FormField
          id="alertes-canal"
          col={{ xs: 12, md: 6 }}
          label="Envoyées par"
          error={errors.canal?.message}
          options={
            <>
              <option value="sms">SMS</option>
              <option value="whatsapp">WhatsApp</option>
            </>
          }
          {...register('canal')}
        />
        <FormField
          id="alertes-resume"
          col={{ xs: 12, md: 6 }}
          label="Résumé du jour des stocks bas, à (heure de Dakar ; vide : pas de résumé)"
          type="time"
          error={errors.resume_heure?.message}
          {...register('resume_heure', { setValueAs: (value: string | null) => (value === '' || value === null ? null : value) })}
        />
        <Col xs={12}>
          <Form.Check id="alertes-stock" label="Stock bas : un message quand un produit atteint son seuil d'alerte" isInvalid={Boolean(errors.stock)} feedback={errors.stock?.message} feedbackType="invalid" {...register('stock')} />
          <Form.Check
            id="alertes-impayees"
            label="Commande non payée bientôt annulée"
            isInvalid={Boolean(errors.impayees)}
            feedback={errors.impayees?.message}
            feedbackType="invalid"
            {...register('impayees')}
          />
        </Col>
        <FormField
          id="alertes-impayees-minutes"
          col={{ xs: 12, md: 6 }}
          label="Prévenir quand il reste (minutes avant l'annulation)"
          type="number"
          inputMode="numeric"
          min={1}
          max={25}
          error={errors.impayees_minutes?.message}
          {...register('impayees_minutes', { valueAsNumber: true })}
        />
        <Col xs={12}>
          <Form.Check
            id="alertes-paiement"
            label="Deux paiements échoués pour une même commande"
            isInvalid={Boolean(errors.paiement_echoue)}
            feedback={errors.paiement_echoue?.message}
            feedbackType="invalid"
            {...register('paiement_echoue')}
          />
        </Col>
        <FormActions label="Enregistrer les alertes" submitting={formState.isSubmitting} />
      </Row>
    </Form>
  )
}
