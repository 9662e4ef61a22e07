// The customers: search (name, e-mail, phone), server pages and sort.
import { useMemo } from 'react'
import { Link } from 'react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { Alert } from 'react-bootstrap'
import type { Customer } from '@teranga/shared/backoffice-people'
import { customerLabel } from '@teranga/shared/phone'
import { DataTable } from '../../components/data-table.tsx'
import { ListFilters } from '../../components/list-filters.tsx'
import { useListSearch } from '../../lib/use-list-search.ts'
import { useCustomers } from './api/customers-api.ts'

export function CustomersPage() {
  const list = useListSearch({ sort: 'created_at' })
  const { search, update } = list
  const { data, error } = useCustomers({ q: search.get('q'), page: list.page, sort: list.sort, dir: list.dir })
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
      <h1 className="h3 mb-3">Clients</h1>
      <ListFilters label="Recherche des clients" search={{ label: 'Rechercher un client', placeholder: 'Nom, e-mail ou téléphone', value: search.get('q'), onChange: (q) => update({ q }) }} />
      {error && <Alert variant="danger">Une erreur s'est produite lors du chargement des clients.</Alert>}
      <DataTable caption="Clients" columns={columns} rows={data?.data ?? []} {...list.pageProps(data)} {...list.sortProps} getRowId={(row) => String(row.id)} />
    </>
  )
}
