// Customers (search, points) and the audit trail.
import { Fragment, useMemo } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'react-toastify'
import type { z } from 'zod'
import { pointsAdjustmentSchema } from '../../forms/schemas.ts'
import type { ColumnDef, SortingState } from '@tanstack/react-table'
import { Alert, Button, Card, Col, Form, Row, Spinner, Table } from 'react-bootstrap'
import { DataTable } from '../../components/data-table.tsx'
import { api, errorMessage, type Page, queryString } from '../../lib/api.ts'
import { ORDER_STATUSES, isOrderStatus } from '@teranga/shared/order-status'
import { actionLabel, AUDIT_RESOURCES, auditChanges } from './audit-labels.ts'

const stateText = (etat: string) => (isOrderStatus(etat) ? ORDER_STATUSES[etat].text : etat)

interface Customer {
  id: number
  prenom: string
  name: string
  email: string
  telephone: string
  commandes: number
  points: number
  privilege: string | null
}

export function CustomersPage() {
  const [search, setSearch] = useSearchParams()
  const query = queryString({ q: search.get('q'), page: search.get('page') ?? '1', count: 20, sort: search.get('sort') ?? 'created_at', dir: search.get('dir') ?? 'desc' })
  const { data, error } = useQuery({ queryKey: ['clients', query], queryFn: () => api<Page<Customer>>('GET', `/client${query}`), placeholderData: (p) => p })
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search)
    for (const [k, v] of Object.entries(changes)) if (v) next.set(k, v)
    else next.delete(k)
    if (!('page' in changes)) next.delete('page')
    setSearch(next)
  }
  const columns = useMemo<ColumnDef<Customer, unknown>[]>(
    () => [
      { id: 'name', header: 'Nom', cell: ({ row }) => <Link to={`/clients/${row.original.id}`}>{`${row.original.prenom} ${row.original.name}`}</Link> },
      { id: 'email', header: 'E-mail', enableSorting: false, cell: ({ row }) => row.original.email },
      { id: 'telephone', header: 'Téléphone', enableSorting: false, cell: ({ row }) => (row.original.telephone ? <a href={`tel:${row.original.telephone}`}>{row.original.telephone}</a> : '') },
      { id: 'commandes', header: 'Commandes', enableSorting: false, cell: ({ row }) => row.original.commandes },
      { id: 'points', header: 'Points', cell: ({ row }) => row.original.points },
    ],
    [],
  )
  const sorting: SortingState = [{ id: search.get('sort') ?? 'created_at', desc: (search.get('dir') ?? 'desc') === 'desc' }]
  return (
    <>
      <h1 className="h3 mb-3">Clients</h1>
      <Form.Control className="mb-3" aria-label="Rechercher un client" placeholder="Nom, e-mail ou téléphone" defaultValue={search.get('q') ?? ''} onChange={(e) => set({ q: e.target.value })} />
      {error && <Alert variant="danger">Une erreur s'est produite lors du chargement des clients.</Alert>}
      <DataTable
        caption="Clients"
        columns={columns}
        rows={data?.data ?? []}
        total={data?.metadata.total}
        pageCount={data?.metadata.last_page ?? 1}
        page={Number(search.get('page') ?? 1)}
        sorting={sorting}
        onSortingChange={(next) => set({ sort: next[0]?.id ?? null, dir: next[0] ? (next[0].desc ? 'desc' : 'asc') : null })}
        onPageChange={(page) => set({ page: String(page) })}
        getRowId={(row) => String(row.id)}
      />
    </>
  )
}

/** A line of GET /api/audit. */
interface AuditLine {
  id: number
  date: string
  date_fr: string
  action: string
  resource: string
  resource_id: string | null
  staff: { id: number; email: string | null } | null
  avant: unknown
  apres: unknown
}

/** One entry's changes: field by field before and after, or the record created or deleted. */
function AuditDetails({ line }: { line: AuditLine }) {
  const changes = auditChanges(line.avant, line.apres)
  if (changes.length === 0) return <p className="small mb-2">Aucun changement enregistré.</p>
  if (line.avant != null && line.apres != null)
    return (
      <Table size="sm" className="small mb-2">
        <caption className="visually-hidden">Changements</caption>
        <thead>
          <tr>
            <th scope="col">Champ</th>
            <th scope="col">Avant</th>
            <th scope="col">Après</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field}>
              <th scope="row" className="fw-normal">
                {change.label}
              </th>
              <td className="text-break">{change.before}</td>
              <td className="text-break">{change.after}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    )
  const created = line.apres != null
  return (
    <>
      <p className="small fw-semibold mb-1">{created ? 'Après' : 'Avant'}</p>
      <dl className="row small mb-2">
        {changes.map((change) => (
          <Fragment key={change.field}>
            <dt className="col-5 col-md-3 fw-normal">{change.label}</dt>
            <dd className="col-7 col-md-9 text-break">{created ? change.after : change.before}</dd>
          </Fragment>
        ))}
      </dl>
    </>
  )
}

export function AuditPage() {
  const [search, setSearch] = useSearchParams()
  const page = Math.max(1, Number(search.get('page')) || 1)
  const query = queryString({ resource: search.get('resource'), resource_id: search.get('resource_id'), page, count: 50 })
  const { data, error } = useQuery({ queryKey: ['audit', query], queryFn: () => api<Page<AuditLine>>('GET', `/audit${query}`), placeholderData: (previous) => previous })
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search)
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value)
      else next.delete(key)
    }
    if (!('page' in changes)) next.delete('page')
    setSearch(next)
  }
  const lastPage = data?.metadata.last_page ?? 1
  return (
    <>
      <h1 className="h3 mb-3">Journal des modifications</h1>
      <Row className="g-2 mb-3">
        <Col xs={6} md={3}>
          <Form.Select aria-label="Ressource" value={search.get('resource') ?? ''} onChange={(e) => update({ resource: e.target.value })}>
            <option value="">Toutes les ressources</option>
            {Object.entries(AUDIT_RESOURCES).map(([resource, label]) => (
              <option key={resource} value={resource}>
                {label}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={6} md={3}>
          <Form.Control aria-label="Identifiant" placeholder="Identifiant" value={search.get('resource_id') ?? ''} onChange={(e) => update({ resource_id: e.target.value.trim() })} />
        </Col>
      </Row>
      {error && <Alert variant="danger">Une erreur s'est produite lors du chargement du journal.</Alert>}
      {data && data.data.length === 0 && <p>Aucune modification enregistrée.</p>}
      {(data?.data ?? []).map((line) => (
        <details key={line.id} className="mb-2 text-break">
          <summary>
            {line.date_fr} · {actionLabel(line.action, line.resource, line.resource_id)} · {line.staff?.email ?? 'Automatique'}
          </summary>
          <AuditDetails line={line} />
        </details>
      ))}
      <div className="d-flex justify-content-between align-items-center mt-3">
        <Button variant="outline-dark" size="sm" disabled={page <= 1} onClick={() => update({ page: String(page - 1) })}>
          Précédente
        </Button>
        <span className="small">
          Page {page} sur {lastPage}
        </span>
        <Button variant="outline-dark" size="sm" disabled={page >= lastPage} onClick={() => update({ page: String(page + 1) })}>
          Suivante
        </Button>
      </div>
    </>
  )
}

interface CustomerDetail extends Omit<Customer, 'commandes'> {
  nb_commandes: number
  adresses: { id: number; adresse: string; zone?: string | null }[]
  /** The last 20 orders. */
  commandes: { id: number; numerocommande: string; etat: string; date_fr: string; total_fr: string }[]
  mouvements_points: { id: number; date_fr: string; points: number; motif: string | null }[]
}

export function CustomerPage() {
  const { id = '' } = useParams()
  const queryClient = useQueryClient()
  const { data, error } = useQuery({ queryKey: ['client', id], queryFn: () => api<CustomerDetail>('GET', `/client/${id}`) })
  const { register, handleSubmit, formState, reset, setError } = useForm<z.input<typeof pointsAdjustmentSchema>>({
    resolver: zodResolver(pointsAdjustmentSchema),
    defaultValues: { points: '' as unknown as number, motif: '' },
  })
  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('POST', `/client/${id}/points`, pointsAdjustmentSchema.parse(values))
      toast.success('Points ajustés')
      reset()
      void queryClient.invalidateQueries({ queryKey: ['client', id] })
    } catch (err) {
      setError('points', { message: errorMessage(err) })
    }
  })
  if (error) return <Alert variant="danger">Ce client est introuvable.</Alert>
  if (!data) return <Spinner animation="border" role="status" aria-label="Chargement" />
  const orders = data.commandes
  return (
    <>
      <h1 className="h3 mb-3">
        {data.prenom} {data.name}
      </h1>
      <Row className="g-3">
        <Col lg={6}>
          <Card body className="mb-3">
            <p className="mb-1">{data.email}</p>
            {data.telephone && <a href={`tel:${data.telephone}`}>{data.telephone}</a>}
            <p className="mb-0 mt-2">
              <strong>{data.points}</strong> points {data.privilege ? `· ${data.privilege}` : ''}
            </p>
          </Card>
          <Card body className="mb-3">
            <h2 className="h6">Ajuster les points</h2>
            <Form noValidate onSubmit={onSubmit} className="row g-2">
              <Form.Group as={Col} xs={4} controlId="points">
                <Form.Label>Points (+/−)</Form.Label>
                <Form.Control inputMode="numeric" {...register('points')} isInvalid={Boolean(formState.errors.points)} />
                <Form.Control.Feedback type="invalid">{formState.errors.points?.message}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group as={Col} xs={8} controlId="points-motif">
                <Form.Label>Motif</Form.Label>
                <Form.Control {...register('motif')} isInvalid={Boolean(formState.errors.motif)} />
                <Form.Control.Feedback type="invalid">{formState.errors.motif?.message}</Form.Control.Feedback>
              </Form.Group>
              <Col xs={12}>
                <Button type="submit" size="sm" disabled={formState.isSubmitting}>
                  Ajuster
                </Button>
              </Col>
            </Form>
          </Card>
          <Card body>
            <h2 className="h6">Adresses</h2>
            <ul className="mb-0">
              {(data.adresses ?? []).map((address) => (
                <li key={address.id}>{address.adresse}</li>
              ))}
            </ul>
          </Card>
        </Col>
        <Col lg={6}>
          <Card body className="mb-3">
            <h2 className="h6">Dernières commandes</h2>
            <ul className="mb-0">
              {orders.map((order) => (
                <li key={order.numerocommande}>
                  <Link to={`/commandes/${order.numerocommande}`}>{order.numerocommande}</Link> · {order.date_fr} · {stateText(order.etat)} · {order.total_fr}
                </li>
              ))}
            </ul>
          </Card>
          <Card body>
            <h2 className="h6">Mouvements de points</h2>
            <ul className="mb-0 small">
              {(data.mouvements_points ?? []).map((m) => (
                <li key={m.id}>
                  {m.date_fr} : {m.points > 0 ? `+${m.points}` : m.points} {m.motif ? `(${m.motif})` : ''}
                </li>
              ))}
            </ul>
          </Card>
        </Col>
      </Row>
    </>
  )
}
