// The catalogue: search, sub-category, stock filter, archived toggle, server pages and sort,
// CSV export; an admin also creates, imports and archives.
import { useMemo } from 'react'
import { Link } from 'react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { Alert, Badge, Col, Form } from 'react-bootstrap'
import { DataTable } from '../../components/data-table.tsx'
import { useRole } from '../../lib/auth.tsx'
import { ExportButtons } from '../../components/export-buttons.tsx'
import type { Product } from '@teranga/shared/backoffice-catalogue'
import { discountPercent } from '@teranga/shared/sale-price'
import { FilterSelect } from '../../components/filter-select.tsx'
import { ListFilters } from '../../components/list-filters.tsx'
import { formatDayOf, formatFcfa } from '../../lib/format.ts'
import { useListSearch } from '../../lib/use-list-search.ts'
import { useProducts, useSubcategories } from './api/products-api.ts'

const PROMO_CHOICES = [
  { value: 'en_cours', label: 'En promotion' },
  { value: 'programmee', label: 'Promotion à venir' },
]

/** Several variants at different prices (or on sale): the list says « à partir de » before the lowest (ADR 053 §5). */
const fromPrice = (product: Product) => {
  if (product.nb_variantes <= 1) return false
  const prices = product.variantes.filter((variant) => variant.actif).map((variant) => variant.prix)
  return new Set(prices).size > 1 || product.variantes.some((variant) => variant.actif && variant.promo_active)
}

/** The price the shop charges now: a running sale's price over the struck regular one, with its « -20 % »; a sale to come says when. */
function PriceCell({ product }: { product: Product }) {
  if (fromPrice(product)) return <span className="text-nowrap">à partir de {product.promo_active && product.prix_promo !== null ? formatFcfa(Math.min(product.prix_promo, product.prix)) : product.prix_fr}</span>
  const percent = product.promo_active && product.prix_promo !== null ? discountPercent(product.prix_promo, product.prix) : null
  if (percent !== null && product.prix_promo !== null) {
    return (
      <span className="text-nowrap">
        <strong>{formatFcfa(product.prix_promo)}</strong> <s className="text-body-secondary small">{product.prix_fr}</s>{' '}
        <Badge bg="danger" aria-label={`Promotion en cours : moins ${percent} %`}>
          -{percent} %
        </Badge>
      </span>
    )
  }
  return (
    <span className="text-nowrap">
      {product.prix_fr}
      {product.promo_programmee && product.promo_debut && (
        <>
          {' '}
          <Badge bg="info" text="dark">
            Promo le {formatDayOf(new Date(product.promo_debut))}
          </Badge>
        </>
      )}
    </span>
  )
}

const STOCK_CHOICES = [
  { value: 'bas', label: 'Stock bas' },
  { value: 'rupture', label: 'En rupture' },
  { value: 'ok', label: 'En stock' },
]

export function ProductsPage() {
  const role = useRole()
  const list = useListSearch({ sort: 'created_at' })
  const { search, update } = list
  const { data, error } = useProducts({
    q: search.get('q'),
    souscategorie: search.get('souscategorie'),
    stock: search.get('stock'),
    promo: search.get('promo'),
    archive: search.get('archive') === '1' ? '1' : '0',
    page: list.page,
    sort: list.sort,
    dir: list.dir,
  })
  const subcategories = useSubcategories().data ?? []
  const columns = useMemo<ColumnDef<Product, unknown>[]>(
    () => [
      {
        id: 'designation',
        header: 'Désignation',
        cell: ({ row }) => (
          <>
            <Link to={`/produits/${row.original.id}`}>{row.original.designation}</Link>
            {row.original.nb_variantes > 1 && <div className="small text-body-secondary">{row.original.nb_variantes} variantes</div>}
          </>
        ),
      },
      { id: 'code', header: 'Code', enableSorting: false, cell: ({ row }) => row.original.code },
      { id: 'souscategorie', header: 'Sous-catégorie', enableSorting: false, cell: ({ row }) => row.original.souscategorie.designation },
      { id: 'prix', header: 'Prix', cell: ({ row }) => <PriceCell product={row.original} /> },
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
  return (
    <>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <h1 className="h3 mb-0 me-auto">Produits</h1>
        <ExportButtons path="/produit/export" name="produits" />
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
      <ListFilters label="Filtres des produits" search={{ label: 'Rechercher (désignation, code)', placeholder: 'Désignation ou code', value: search.get('q'), onChange: (q) => update({ q }) }}>
        <Col xs={6} md={3}>
          <FilterSelect label="Sous-catégorie" all="Toutes les sous-catégories" value={search.get('souscategorie')} choices={subcategories.map((sub) => ({ value: sub.id, label: sub.designation }))} onChange={(souscategorie) => update({ souscategorie })} />
        </Col>
        <Col xs={6} md={3}>
          <FilterSelect label="Stock" all="Tout le stock" value={search.get('stock')} choices={STOCK_CHOICES} onChange={(stock) => update({ stock })} />
        </Col>
        <Col xs={6} md={3}>
          <FilterSelect label="Promotion" all="Toutes" value={search.get('promo')} choices={PROMO_CHOICES} onChange={(promo) => update({ promo })} />
        </Col>
        <Col xs={12} md={2}>
          <Form.Check type="switch" id="archive" label="Archivés" checked={search.get('archive') === '1'} onChange={(e) => update({ archive: e.target.checked ? '1' : null })} />
        </Col>
      </ListFilters>
      {error && <Alert variant="danger">Une erreur s'est produite lors du chargement des produits.</Alert>}
      <DataTable
        caption="Produits"
        columns={columns}
        rows={data?.data ?? []}
        {...list.pageProps(data)}
        {...list.sortProps}
        getRowId={(row) => String(row.id)}
      />
    </>
  )
}
