// The customers: search (name, e-mail, phone), server pages and sort.
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { Alert, Form } from 'react-bootstrap'
import type { Customer } from '@teranga/shared/backoffice-people'
import { customerLabel } from '@teranga/shared/phone'
import { DataTable } from '../../components/data-table.tsx'
import { ExportButtons } from '../../components/export-buttons.tsx'
import { ListFilters } from '../../components/list-filters.tsx'
import { useRole } from '../../lib/auth.tsx'
import { useListSearch } from '../../lib/use-list-search.ts'
import { useCustomers } from './api/customers-api.ts'

export function CustomersPage() {
  const list = useListSearch({ sort: 'created_at' })
  const { search, update } = list
  const { data, error } = useCustomers({ q: search.get('q'), page: list.page, sort: list.sort, dir: list.dir })
  const role = useRole()
  const [withAddresses, setWithAddresses] = useState(false)
  const exportQuery = new URLSearchParams({ ...(search.get('q') ? { q: search.get('q')! } : {}), ...(withAddresses ? { adresses: '1' } : {}) }).toString()
  const columns = useMemo<ColumnDef<Customer, unknown>[]>(
    () => [
      { id: 'name', header: 'Nom', cell: ({ row }) => <Link to={`/clients/${row.original.id}`}>{customerLabel(row.original)}</Link> },
      { id: 'email', header: 'E-mail', enableSorting: false, cell: ({ row }) => row.original.email ?? '—' },
      { id: 'telephone', header: 'Téléphone', enableSorting: false, cell: ({ row }) => (row.original.telephone ? <a href={`tel:${row.original.telephone}`}>{row.original.telephone}</a> : '') },
      { id: 'commandes', header: 'Commandes', enableSorting: false, cell: ({ row }) => row.original.commandes },
      { id: 'points', header: 'Points', cell: ({ row }) => row.original.points },
    ],
    [],
  )
  return (
    <>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <h1 className="h3 mb-0 me-auto">Clients</h1>
        {/* The customers' export is for admins (ADR 060); the addresses only when asked. */}
        {role === 'admin' && (
          <>
            <Form.Check type="switch" id="export-adresses" label="Avec les adresses" checked={withAddresses} onChange={(e) => setWithAddresses(e.target.checked)} />
            <ExportButtons path="/client/export" query={exportQuery} name="clients" />
          </>
        )}
      </div>
      <ListFilters label="Recherche des clients" search={{ label: 'Rechercher un client', placeholder: 'Nom, e-mail ou téléphone', value: search.get('q'), onChange: (q) => update({ q }) }} />
      {error && <Alert variant="danger">Une erreur s'est produite lors du chargement des clients.</Alert>}
      <DataTable caption="Clients" columns={columns} rows={data?.data ?? []} {...list.pageProps(data)} {...list.sortProps} getRowId={(row) => String(row.id)} />
    </>
  )
}
