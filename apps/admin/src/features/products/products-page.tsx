// The catalogue: search, sub-category, stock filter, archived toggle, server pages and sort,
// CSV export; an admin also creates, imports and archives.
import { useMemo } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import type { ColumnDef, SortingState } from '@tanstack/react-table'
import { Alert, Badge, Button, Col, Form, Row } from 'react-bootstrap'
import { toast } from 'react-toastify'
import { DataTable } from '../../components/data-table.tsx'
import { api, queryString, type Page } from '../../lib/api.ts'
import { useRole } from '../../lib/auth.tsx'
import { downloadFile } from '../../lib/download.ts'
import type { Product, SubCategory } from '../../lib/types.ts'
import { FilterSelect } from '../../components/filter-select.tsx'

export function ProductsPage() {
  const role = useRole()
  const [search, setSearch] = useSearchParams()
  const query = queryString({
    q: search.get('q'),
    souscategorie: search.get('souscategorie'),
    stock: search.get('stock'),
    archive: search.get('archive') ?? '0',
    page: search.get('page') ?? '1',
    count: 20,
    sort: search.get('sort') ?? 'created_at',
    dir: search.get('dir') ?? 'desc',
  })
  const { data, error } = useQuery({ queryKey: ['produits', query], queryFn: () => api<Page<Product>>('GET', `/produit${query}`), placeholderData: (previous) => previous })
  const subCategories = useQuery({ queryKey: ['souscategories'], queryFn: () => api<SubCategory[] | Page<SubCategory>>('GET', '/souscategorie?count=100') })
  const subCategoryList = Array.isArray(subCategories.data) ? subCategories.data : (subCategories.data?.data ?? [])
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search)
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value)
      else next.delete(key)
    }
    if (!('page' in changes)) next.delete('page')
    setSearch(next)
  }
  const columns = useMemo<ColumnDef<Product, unknown>[]>(
    () => [
      { id: 'designation', header: 'Désignation', cell: ({ row }) => <Link to={`/produits/${row.original.id}`}>{row.original.designation}</Link> },
      { id: 'code', header: 'Code', enableSorting: false, cell: ({ row }) => row.original.code },
      { id: 'souscategorie', header: 'Sous-catégorie', enableSorting: false, cell: ({ row }) => row.original.souscategorie.designation },
      { id: 'prix', header: 'Prix', cell: ({ row }) => <span className="text-nowrap">{row.original.prix_fr}</span> },
      {
        id: 'quantite',
        header: 'Stock',
        cell: ({ row }) => (
          <Badge bg={row.original.quantite === 0 ? 'danger' : row.original.stock_bas ? 'warning' : 'success'} text={row.original.stock_bas && row.original.quantite > 0 ? 'dark' : undefined}>
            {row.original.quantite} {row.original.unite}
          </Badge>
        ),
      },
    ],
    [],
  )
  const sorting: SortingState = [{ id: search.get('sort') ?? 'created_at', desc: (search.get('dir') ?? 'desc') === 'desc' }]
  return (
    <>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <h1 className="h3 mb-0 me-auto">Produits</h1>
        <Button
          variant="outline-primary"
          size="sm"
          onClick={() => downloadFile('/produit/export.csv', `produits-${new Date().toISOString().slice(0, 10)}.csv`).catch(() => toast.error("L'export a échoué. Réessayez."))}
        >
          Exporter (CSV)
        </Button>
        {role === 'admin' && (
          <>
            <Link className="btn btn-outline-primary btn-sm" to="/produits/import">
              Importer (CSV)
            </Link>
            <Link className="btn btn-primary btn-sm" to="/produits/nouveau">
              Nouveau produit
            </Link>
          </>
        )}
      </div>
      <Form role="search" aria-label="Filtres des produits" className="mb-3" onSubmit={(e) => e.preventDefault()}>
        <Row className="g-2">
          <Col xs={12} md={4}>
            <Form.Control aria-label="Rechercher (désignation, code)" placeholder="Désignation ou code" defaultValue={search.get('q') ?? ''} onChange={(e) => update({ q: e.target.value })} />
          </Col>
          <Col xs={6} md={3}>
            <FilterSelect label="Sous-catégorie" all="Toutes les sous-catégories" value={search.get('souscategorie')} choices={subCategoryList.map((sub) => ({ value: sub.id, label: sub.designation }))} onChange={(souscategorie) => update({ souscategorie })} />
          </Col>
          <Col xs={6} md={3}>
            <Form.Select aria-label="Stock" value={search.get('stock') ?? ''} onChange={(e) => update({ stock: e.target.value })}>
              <option value="">Tout le stock</option>
              <option value="bas">Stock bas</option>
              <option value="rupture">En rupture</option>
              <option value="ok">En stock</option>
            </Form.Select>
          </Col>
          <Col xs={12} md={2}>
            <Form.Check type="switch" id="archive" label="Archivés" checked={search.get('archive') === '1'} onChange={(e) => update({ archive: e.target.checked ? '1' : null })} />
          </Col>
        </Row>
      </Form>
      {error && <Alert variant="danger">Une erreur s'est produite lors du chargement des produits.</Alert>}
      <DataTable
        caption="Produits"
        columns={columns}
        rows={data?.data ?? []}
        total={data?.metadata.total}
        pageCount={data?.metadata.last_page ?? 1}
        page={Number(search.get('page') ?? 1)}
        sorting={sorting}
        onSortingChange={(next) => update({ sort: next[0]?.id ?? null, dir: next[0] ? (next[0].desc ? 'desc' : 'asc') : null })}
        onPageChange={(page) => update({ page: String(page) })}
        getRowId={(row) => String(row.id)}
      />
    </>
  )
}
