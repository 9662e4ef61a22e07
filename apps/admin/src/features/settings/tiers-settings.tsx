// Loyalty tiers: a threshold of points, a colour and the rewards the checkout applies (free
// delivery, a percentage off), added or edited in place and checked by the server's own
// schema (packages/shared privilegeSchema) before they are sent.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert, Col, Form, Row } from 'react-bootstrap'
import { formNumber } from '@teranga/shared/backoffice-catalogue'
import { privilegeSchema, type Privilege } from '@teranga/shared/backoffice-settings'
import { FormField } from '../../components/form-field.tsx'
import { useSaveRow, useSettingsList } from './api/settings-api.ts'
import { FormActions, RowActions, RowsTable, saveAndTell } from './settings-controls.tsx'

/** The tier form as typed: numbers arrive as text and are read by the shared schema's rules. */
interface TierFields {
  designation: string
  couleur: string
  point: string
  /** The reward types the checkout applies: free delivery, and a percentage off (blank: none). */
  livraison: boolean
  remise: string
}

const EMPTY_TIER: TierFields = { designation: '', couleur: '#c0a062', point: '', livraison: false, remise: '' }

const tierFields = (tier: Privilege): TierFields => ({
  designation: tier.designation,
  couleur: tier.couleur ?? '#c0a062',
  point: String(tier.point),
  livraison: tier.recompenses.some((r) => r.type === 'LIVRAISON_GRATUITE' && r.valeur > 0),
  remise: String(tier.recompenses.find((r) => r.type === 'REMISE_POURCENT')?.valeur ?? ''),
})

/** The form's field that shows a message about `field` of the body. */
const formField = (field: PropertyKey | undefined): keyof TierFields => (field === 'recompenses' ? 'remise' : (field as 'designation' | 'couleur' | 'point'))

const rewardText = (r: { type: string; valeur: number }) =>
  r.type === 'LIVRAISON_GRATUITE'
    ? r.valeur >= 100
      ? 'livraison gratuite'
      : `livraison à −${r.valeur} %`
    : r.type === 'REMISE_POURCENT'
      ? `remise de ${r.valeur} %`
      : `${r.type} ${r.valeur}`

export function TiersSettings() {
  const tiers = useSettingsList('privilege')
  const saveRow = useSaveRow('privilege')
  const [editing, setEditing] = useState<Privilege | null>(null)
  const { register, handleSubmit, formState, reset, setError } = useForm<TierFields>({ defaultValues: EMPTY_TIER })
  const edit = (tier: Privilege | null) => {
    setEditing(tier)
    reset(tier ? tierFields(tier) : EMPTY_TIER)
  }
  const onSubmit = handleSubmit(async (values) => {
    const parsed = privilegeSchema.safeParse({
      designation: values.designation,
      couleur: values.couleur || null,
      point: formNumber(values.point),
      recompenses: [
        // LIVRAISON_GRATUITE waives this percentage of the delivery fee: all of it here.
        ...(values.livraison ? [{ type: 'LIVRAISON_GRATUITE', valeur: 100 }] : []),
        ...(values.remise.trim() ? [{ type: 'REMISE_POURCENT', valeur: formNumber(values.remise) }] : []),
      ],
    })
    if (!parsed.success) {
      for (const issue of parsed.error.issues) setError(formField(issue.path[0]), { message: issue.message })
      return
    }
    if (await saveAndTell(() => saveRow(editing?.id, parsed.data), editing ? 'Niveau enregistré' : 'Niveau ajouté', (field, message) => setError(formField(field), { message }))) edit(null)
  })
  const errors = formState.errors
  return (
    <>
      {tiers.error && <Alert variant="danger">Une erreur s'est produite lors du chargement des niveaux.</Alert>}
      <RowsTable
        caption="Niveaux de fidélité"
        columns={['Niveau', 'À partir de', 'Avantages']}
        items={tiers.data ?? []}
        cells={(tier) => [
          <>
            <span className="d-inline-block rounded-circle me-2 align-middle" style={{ width: 12, height: 12, background: tier.couleur ?? '#ccc' }} aria-hidden="true" />
            {tier.designation}
          </>,
          `${tier.point} points`,
          tier.recompenses.length ? tier.recompenses.map(rewardText).join(', ') : '—',
        ]}
        actions={(tier) => <RowActions list="privilege" id={tier.id} label={tier.designation} onEdit={() => edit(tier)} />}
      />
      <Form noValidate onSubmit={onSubmit} aria-label={editing ? `Modifier le niveau ${editing.designation}` : 'Nouveau niveau de fidélité'}>
        <Row className="g-2 align-items-end">
          <FormField id="tier-designation" col={{ xs: 12, md: 4 }} label="Niveau" {...register('designation')} error={errors.designation?.message} />
          <FormField id="tier-point" col={{ xs: 6, md: 2 }} label="Seuil (points)" inputMode="numeric" {...register('point')} error={errors.point?.message} />
          <FormField id="tier-couleur" col={{ xs: 6, md: 2 }} label="Couleur" type="color" {...register('couleur')} error={errors.couleur?.message} />
          <FormField id="tier-remise" col={{ xs: 6, md: 2 }} label="Remise (%)" inputMode="numeric" {...register('remise')} error={errors.remise?.message} />
          <Col xs={6} md={2}>
            <Form.Check id="tier-livraison" label="Livraison gratuite" {...register('livraison')} />
          </Col>
          <FormActions label={editing ? 'Enregistrer le niveau' : 'Ajouter le niveau'} submitting={formState.isSubmitting} onCancel={editing ? () => edit(null) : undefined} />
        </Row>
      </Form>
    </>
  )
}
