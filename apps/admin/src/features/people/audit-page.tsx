// The audit trail (admins): each back-office write, who made it, and what changed field by
// field; filtered by record in the URL, paged by the server.
import { Fragment } from 'react'
import { Alert, Col, Form, Table } from 'react-bootstrap'
import type { AuditEntry } from '@teranga/shared/backoffice-people'
import { FilterSelect } from '../../components/filter-select.tsx'
import { ListFilters } from '../../components/list-filters.tsx'
import { Pager } from '../../components/pager.tsx'
import { ExportButtons } from '../../components/export-buttons.tsx'
import { useListSearch } from '../../lib/use-list-search.ts'
import { useAudit } from './api/audit-api.ts'
import { actionLabel, AUDIT_RESOURCES, auditChanges } from './audit-labels.ts'

const RESOURCE_CHOICES = Object.entries(AUDIT_RESOURCES).map(([value, label]) => ({ value, label }))

/** One entry's changes: field by field before and after, or the record created or deleted. */
function AuditDetails({ line }: { line: AuditEntry }) {
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

/** The journal's filters for its export (ADR 060). */
const auditExportQuery = (search: URLSearchParams) =>
  new URLSearchParams([...search.entries()].filter(([key, value]) => (key === 'resource' || key === 'resource_id') && value)).toString()

export function AuditPage() {
  const list = useListSearch()
  const { search, update } = list
  const { data, error } = useAudit({ resource: search.get('resource'), resource_id: search.get('resource_id'), page: list.page })
  return (
    <>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <h1 className="h3 mb-0 me-auto">Journal des modifications</h1>
        <ExportButtons path="/audit/export" query={auditExportQuery(search)} name="journal" />
      </div>
      <ListFilters label="Filtres du journal">
        <Col xs={6} md={3}>
          <FilterSelect label="Ressource" all="Toutes les ressources" value={search.get('resource')} choices={RESOURCE_CHOICES} onChange={(resource) => update({ resource })} />
        </Col>
        <Col xs={6} md={3}>
          <Form.Control aria-label="Identifiant" placeholder="Identifiant" value={search.get('resource_id') ?? ''} onChange={(e) => update({ resource_id: e.target.value.trim() })} />
        </Col>
      </ListFilters>
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
      <div className="mt-3">
        <Pager {...list.pageProps(data)} />
      </div>
    </>
  )
}
