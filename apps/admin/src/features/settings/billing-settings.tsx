// « Facturation » (ADR 061): the shop's legal identity printed on every invoice and credit note
// (name, address, NINEA, RCCM, phone), the invoice's footer, and the VAT rate (empty: no VAT
// lines; prices are tax included). Edited with the server's own schema.
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Form, Row } from 'react-bootstrap'
import { z } from 'zod'
import { billingSettingsSchema, INVOICE_MESSAGES, type BillingSettings } from '@teranga/shared/invoices'
import { FormField } from '../../components/form-field.tsx'
import { useBilling, useSaveBilling } from './api/billing-api.ts'
import { FormActions, saveAndTell } from './settings-controls.tsx'

const TEXT_FIELDS: Array<{ name: 'nom' | 'adresse' | 'ninea' | 'rccm' | 'telephone'; label: string; type?: string }> = [
  { name: 'nom', label: 'Raison sociale' },
  { name: 'adresse', label: 'Adresse' },
  { name: 'ninea', label: 'NINEA' },
  { name: 'rccm', label: 'RCCM' },
  { name: 'telephone', label: 'Téléphone', type: 'tel' },
]

/** The form's fields: texts as typed, the rate as text (empty: none), checked by the shared schema. */
const formSchema = billingSettingsSchema.extend({
  tva_taux: z.preprocess((value) => (value === '' || value === null || value === undefined ? null : Number(value)), billingSettingsSchema.shape.tva_taux),
})
type BillingFields = z.input<typeof formSchema>

export function BillingSettingsForm() {
  const current = useBilling()
  if (current.error) return <Alert variant="danger">Une erreur s'est produite lors du chargement de la facturation.</Alert>
  if (current.isPending) return null
  return <BillingForm initial={current.data} />
}

function BillingForm({ initial }: { initial: BillingSettings }) {
  const save = useSaveBilling()
  const { register, handleSubmit, formState, setError } = useForm<BillingFields, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { ...Object.fromEntries(TEXT_FIELDS.map(({ name }) => [name, initial[name] ?? ''])), pied: initial.pied ?? '', tva_taux: initial.tva_taux === null ? '' : String(initial.tva_taux) },
  })
  const onSubmit = handleSubmit(async (values) => {
    await saveAndTell(() => save.mutateAsync(values), 'Facturation enregistrée', (field, message) => setError(field as keyof BillingFields, { message }))
  })
  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Facturation">
      <Row className="g-2">
        {TEXT_FIELDS.map(({ name, label, type }) => (
          <FormField key={name} id={`facturation-${name}`} col={{ xs: 12, md: 6 }} label={label} type={type ?? 'text'} {...register(name)} error={formState.errors[name]?.message} />
        ))}
        <FormField id="facturation-tva_taux" col={{ xs: 12, md: 6 }} label="Taux de TVA (%, vide : pas de TVA)" type="text" inputMode="numeric" {...register('tva_taux')} error={formState.errors.tva_taux?.message} />
        <FormField id="facturation-pied" col={{ xs: 12 }} label="Pied de facture" as="textarea" rows={3} {...register('pied')} error={formState.errors.pied?.message} />
        <Form.Text className="d-block">Les prix sont toutes taxes comprises : avec un taux, chaque facture montre le total HT, la TVA et le total TTC. {INVOICE_MESSAGES.tvaInvalid}</Form.Text>
        <FormActions label="Enregistrer" submitting={formState.isSubmitting} />
      </Row>
    </Form>
  )
}
