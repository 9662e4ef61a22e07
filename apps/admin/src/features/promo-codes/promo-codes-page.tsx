// « Codes promo »: the discount codes with their uses and the sales of the orders that used
// them; admins create, edit and deactivate them (the form is the server's shared schema).
import { useMemo, useState } from 'react'
import type { ColumnDef } from '@tanstack/react-table'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'react-toastify'
import { Alert, Badge, Button, Card, Col, Form, Row } from 'react-bootstrap'
import { formatPrix } from '@teranga/shared/money'
import { codePromoFormSchema, toDakarInput, type CodePromo, type CodePromoForm, type CodePromoFormInput } from '@teranga/shared/promotions'
import { DataTable } from '../../components/data-table.tsx'
import { FormField } from '../../components/form-field.tsx'
import { ListFilters } from '../../components/list-filters.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { useRole } from '../../lib/auth.tsx'
import { useListSearch } from '../../lib/use-list-search.ts'
import { useDeactivatePromoCode, usePromoCodes, useSavePromoCode, useSubcategoryChoices } from './api/promo-codes-api.ts'

const dateFr = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Dakar', dateStyle: 'short', timeStyle: 'short' })

/** « 20 % » or « 2 000 FCFA ». */
export const discountText = (code: Pick<CodePromo, 'type' | 'valeur'>) => (code.type === 'pourcentage' ? `${code.valeur} %` : formatPrix(code.valeur))

function conditionsOf(code: CodePromo): string {
  const parts: string[] = []
  if (code.minimum > 0) parts.push(`dès ${formatPrix(code.minimum)}`)
  if (code.debut) parts.push(`du ${dateFr.format(new Date(code.debut))}`)
  if (code.fin) parts.push(`jusqu'au ${dateFr.format(new Date(code.fin))}`)
  if (code.par_client) parts.push(`${code.par_client} par client`)
  if (code.premiere_commande) parts.push('première commande')
  if (code.souscategories?.length) parts.push(`${code.souscategories.length} sous-catégorie(s)`)
  return parts.join(' · ') || 'Aucune'
}

const EMPTY = { code: '', type: 'pourcentage', valeur: '', minimum: '', debut: '', fin: '', utilisations_max: '', par_client: '', premiere_commande: false, souscategories: [], actif: true } as unknown as CodePromoFormInput

const fieldsOf = (code: CodePromo): CodePromoFormInput => ({
  code: code.code,
  type: code.type,
  valeur: code.valeur,
  minimum: code.minimum || ('' as unknown as number),
  debut: toDakarInput(code.debut),
  fin: toDakarInput(code.fin),
  utilisations_max: code.utilisations_max ?? ('' as unknown as number),
  par_client: code.par_client ?? ('' as unknown as number),
  premiere_commande: code.premiere_commande,
  souscategories: code.souscategories ?? [],
  actif: code.actif,
})

/** The form of a new code, or of `code` being edited. */
export function PromoCodeForm({ code, onDone }: { code?: CodePromo; onDone?: () => void }) {
  const save = useSavePromoCode(code?.id)
  const subcategories = useSubcategoryChoices().data ?? []
  const form = useForm<CodePromoFormInput, unknown, CodePromoForm>({ resolver: zodResolver(codePromoFormSchema), defaultValues: code ? fieldsOf(code) : EMPTY })
  const { errors, isSubmitting } = form.formState
  const submit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(input)
      toast.success(code ? `Code ${saved.code} enregistré` : `Code ${saved.code} créé`)
      if (!code) form.reset(EMPTY)
      onDone?.()
    } catch (err) {
      const fields = err instanceof ApiError ? err.errors : {}
      for (const [name, messages] of Object.entries(fields)) form.setError(name as keyof CodePromoFormInput, { message: messages[0] })
      toast.error(errorMessage(err))
    }
  })
  const prefix = code ? `code-${code.id}` : 'code-nouveau'
  return (
    <Form noValidate onSubmit={submit} aria-label={code ? `Modifier le code ${code.code}` : 'Nouveau code promo'}>
      <Row className="g-3">
        <FormField id={`${prefix}-code`} col={{ xs: 12, md: 4 }} label="Code" autoComplete="off" {...form.register('code')} error={errors.code?.message} />
        <FormField
          id={`${prefix}-type`}
          col={{ xs: 6, md: 4 }}
          label="Type"
          {...form.register('type')}
          error={errors.type?.message}
          options={
            <>
              <option value="pourcentage">Pourcentage</option>
              <option value="montant">Montant (FCFA)</option>
            </>
          }
        />
        <FormField id={`${prefix}-valeur`} col={{ xs: 6, md: 4 }} label="Valeur" inputMode="numeric" {...form.register('valeur')} error={errors.valeur?.message} />
        <FormField id={`${prefix}-minimum`} col={{ xs: 6, md: 4 }} label="Panier minimum (FCFA)" inputMode="numeric" {...form.register('minimum')} error={errors.minimum?.message} />
        <FormField id={`${prefix}-debut`} col={{ xs: 6, md: 4 }} label="Début (heure de Dakar)" type="datetime-local" {...form.register('debut')} error={errors.debut?.message} />
        <FormField id={`${prefix}-fin`} col={{ xs: 6, md: 4 }} label="Fin (heure de Dakar)" type="datetime-local" {...form.register('fin')} error={errors.fin?.message} />
        <FormField id={`${prefix}-utilisations_max`} col={{ xs: 6, md: 4 }} label="Utilisations au total" inputMode="numeric" {...form.register('utilisations_max')} error={errors.utilisations_max?.message} />
        <FormField id={`${prefix}-par_client`} col={{ xs: 6, md: 4 }} label="Utilisations par client" inputMode="numeric" {...form.register('par_client')} error={errors.par_client?.message} />
        <Col xs={12} md={4} className="d-flex flex-column justify-content-center">
          <Form.Check id={`${prefix}-premiere_commande`} type="switch" label="Première commande seulement" {...form.register('premiere_commande')} />
          {code && <Form.Check id={`${prefix}-actif`} type="switch" label="Actif" {...form.register('actif')} />}
        </Col>
        <Form.Group as={Col} xs={12} controlId={`${prefix}-souscategories`}>
          <Form.Label>Réservé aux sous-catégories (aucune : tout le panier)</Form.Label>
          <Form.Select
            multiple
            isInvalid={Boolean(errors.souscategories)}
            {...form.register('souscategories', { setValueAs: (value: unknown) => (Array.isArray(value) ? value.map(Number) : []) })}
          >
            {subcategories.map((sub) => (
              <option key={sub.id} value={sub.id}>
                {sub.designation}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.souscategories?.message}</Form.Control.Feedback>
        </Form.Group>
      </Row>
      <Button type="submit" className="mt-3" disabled={isSubmitting}>
        {code ? 'Enregistrer' : 'Créer le code'}
      </Button>
      {onDone && code && (
        <Button variant="link" className="mt-3" onClick={onDone}>
          Annuler
        </Button>
      )}
    </Form>
  )
}

export function PromoCodesPage() {
  const admin = useRole() === 'admin'
  const list = useListSearch()
  const { search, update } = list
  const { data, error } = usePromoCodes({ q: search.get('q'), page: list.page })
  const [editing, setEditing] = useState<CodePromo | null>(null)
  const deactivate = useDeactivatePromoCode()
  const columns = useMemo<ColumnDef<CodePromo, unknown>[]>(
    () => [
      {
        id: 'code',
        header: 'Code',
        enableSorting: false,
        cell: ({ row }) => (
          <>
            <span className="fw-semibold font-monospace">{row.original.code}</span> {!row.original.actif && <Badge bg="secondary">Inactif</Badge>}
          </>
        ),
      },
      { id: 'remise', header: 'Remise', enableSorting: false, cell: ({ row }) => discountText(row.original) },
      { id: 'conditions', header: 'Conditions', enableSorting: false, cell: ({ row }) => <span className="small">{conditionsOf(row.original)}</span> },
      {
        id: 'utilisations',
        header: 'Utilisations',
        enableSorting: false,
        cell: ({ row }) => (row.original.utilisations_max ? `${row.original.utilisations} / ${row.original.utilisations_max}` : String(row.original.utilisations)),
      },
      { id: 'ventes', header: 'Ventes apportées', enableSorting: false, cell: ({ row }) => row.original.ventes_fr },
      { id: 'remises', header: 'Remises accordées', enableSorting: false, cell: ({ row }) => row.original.remises_fr },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) =>
          admin && (
            <div className="d-flex gap-1">
              <Button size="sm" variant="outline-primary" onClick={() => setEditing(row.original)} aria-label={`Modifier ${row.original.code}`}>
                Modifier
              </Button>
              {row.original.actif && (
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={deactivate.isPending}
                  aria-label={`Désactiver ${row.original.code}`}
                  onClick={() =>
                    deactivate.mutate(row.original.id, { onSuccess: (code) => toast.success(`Code ${code.code} désactivé`), onError: (err) => toast.error(errorMessage(err)) })
                  }
                >
                  Désactiver
                </Button>
              )}
            </div>
          ),
      },
    ],
    [admin, deactivate],
  )
  return (
    <>
      <h1 className="h3 mb-3">Codes promo</h1>
      {admin && (
        <Card body className="mb-3">
          <h2 className="h5">{editing ? `Modifier le code ${editing.code}` : 'Nouveau code'}</h2>
          {editing ? <PromoCodeForm key={editing.id} code={editing} onDone={() => setEditing(null)} /> : <PromoCodeForm />}
        </Card>
      )}
      <ListFilters label="Recherche des codes promo" search={{ label: 'Rechercher un code', placeholder: 'Code', value: search.get('q'), onChange: (q) => update({ q }) }} />
      {error && <Alert variant="danger">Une erreur s'est produite lors du chargement des codes promo.</Alert>}
      <DataTable caption="Codes promo" columns={columns} rows={data?.data ?? []} {...list.pageProps(data)} {...list.sortProps} getRowId={(row) => String(row.id)} />
    </>
  )
}
