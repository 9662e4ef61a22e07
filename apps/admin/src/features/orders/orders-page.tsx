// The orders list: filters in the URL, server pages and sort, new orders live (badge and an
// optional sound), the filtered CSV export, and selected rows to print their slips. On a phone
// the rows are cards with their next move, and the filters wait behind one « Filtres » button.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import type { ColumnDef, RowSelectionState } from '@tanstack/react-table'
import { Badge, Button, Col, Form, Spinner } from 'react-bootstrap'
import { notify } from '../../lib/notify.ts'
import type { OrderSummary } from '@teranga/shared/backoffice-orders'
import { ORDER_STATUSES } from '@teranga/shared/order-status'
import { FilterSelect } from '../../components/filter-select.tsx'
import { ListFilters, SearchBox, type SearchBoxProps } from '../../components/list-filters.tsx'
import { Pager } from '../../components/pager.tsx'
import { useListSearch } from '../../lib/use-list-search.ts'
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query.ts'
import { useChoices } from './api/choices-api.ts'
import { useCouriers } from './api/order-dispatch-api.ts'
import { useOrderEvents } from './api/order-events.ts'
import { useOrders } from './api/orders-api.ts'
import { FILTER_KEYS, ordersQuery } from './filters.ts'
import { OrderCards } from './order-cards.tsx'

// The filters' panel (an offcanvas and its transitions) loads at the first tap on « Filtres ».
const FiltersPanel = lazy(() => import('./filters-panel.tsx'))
// The export buttons (and their download) come with the first lazy chunk, not the entry: the back office's entry stays within its 100 KB (smoke test).
const ExportButtons = lazy(() => import('../../components/export-buttons.tsx').then((m) => ({ default: m.ExportButtons })))
// The table (TanStack Table) is for wider screens: a phone's first visit loads the cards only.
const DataTable = lazy(() => import('../../components/data-table.tsx').then((m) => ({ default: m.DataTable<OrderSummary> })))

// The shared state machine's states and French labels, as the storefront shows them.
const STATES = Object.entries(ORDER_STATUSES).map(([etat, { text }]) => [etat, text] as const)

export function OrdersPage() {
  const list = useListSearch({ sort: 'datecomm', dir: 'desc' })
  const { search, setSearch, update } = list
  // Sorted by slot (issue 25 §1), the orders are grouped under each slot, a day's rounds in order.
  const groupOf = list.sort === 'creneau' ? (order: OrderSummary) => order.creneau?.libelle ?? 'Sans créneau' : undefined
  const navigate = useNavigate()
  const deliveryModes = useChoices('modelivraisons')
  const paymentModes = useChoices('modepaiements')
  const depots = useChoices('depots')
  const couriers = useCouriers(true).data ?? []
  const query = ordersQuery(search)
  const { data, error } = useOrders(query)
  const [fresh, setFresh] = useState(0)
  const [sound, setSound] = useState(false)
  const [selection, setSelection] = useState<RowSelectionState>({})
  const phone = useMediaQuery(PHONE_QUERY)
  const [filtersOpen, setFiltersOpen] = useState(false)

  useOrderEvents((event) => {
    setFresh((n) => n + 1)
    notify.info(`Nouvelle commande ${event.numero}`)
  })
  useEffect(() => {
    if (!sound || fresh === 0 || typeof AudioContext === 'undefined') return
    const context = new AudioContext()
    const oscillator = context.createOscillator()
    oscillator.connect(context.destination)
    oscillator.frequency.value = 880
    oscillator.start()
    oscillator.stop(context.currentTime + 0.2)
  }, [fresh, sound])

  const columns = useMemo<ColumnDef<OrderSummary, unknown>[]>(
    () => [
      {
        id: 'select',
        header: () => <span className="visually-hidden">Sélection</span>,
        cell: ({ row }) => <Form.Check aria-label={`Sélectionner ${row.original.numero}`} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />,
        enableSorting: false,
      },
      { id: 'numero', header: 'Numéro', cell: ({ row }) => <Link to={`/commandes/${row.original.numero}`}>{row.original.numero}</Link> },
      { id: 'datecomm', header: 'Date', cell: ({ row }) => row.original.date_fr },
      { id: 'client', header: 'Client', enableSorting: false, cell: ({ row }) => row.original.client.nom },
      {
        id: 'etat',
        header: 'État',
        enableSorting: false,
        cell: ({ row }) => (
          <Badge bg={row.original.etat_badge || 'secondary'} text={row.original.etat_badge === 'warning' ? 'dark' : undefined}>
            {row.original.etat_text}
          </Badge>
        ),
      },
      { id: 'livraison', header: 'Livraison', enableSorting: false, cell: ({ row }) => row.original.depot?.designation ?? row.original.zone ?? row.original.modelivraison.designation },
      // The delivery slot (issue 25 §1): sorting by it puts a day's rounds together, slot by slot.
      { id: 'creneau', header: 'Créneau', cell: ({ row }) => row.original.creneau?.libelle ?? '—' },
      { id: 'montant', header: 'Montant', cell: ({ row }) => <span className="text-nowrap">{row.original.total_fr}</span> },
    ],
    [],
  )
  const selected = Object.keys(selection).filter((key) => selection[key])

  const searchBox: SearchBoxProps = { label: 'Rechercher (numéro, téléphone, client)', placeholder: 'Numéro, téléphone, client', value: search.get('q'), onChange: (q) => update({ q }) }
  // Everything but the search, which stays in sight on a phone.
  const activeFilters = FILTER_KEYS.filter((key) => key !== 'q' && search.get(key)).length
  const filters = (
    <>
      <Col xs={6} md={2}>
        <FilterSelect label="État" all="Tous les états" value={search.get('etat')} choices={STATES.map(([value, label]) => ({ value, label }))} onChange={(etat) => update({ etat })} />
      </Col>
      <Col xs={6} md={2}>
        <FilterSelect label="Mode de livraison" all="Livraison et retrait" value={search.get('modelivraison')} choices={deliveryModes.map((m) => ({ value: m.code ?? m.id, label: m.designation }))} onChange={(modelivraison) => update({ modelivraison })} />
      </Col>
      <Col xs={6} md={2}>
        <Form.Control type="date" aria-label="Du" value={search.get('du') ?? ''} onChange={(e) => update({ du: e.target.value })} />
      </Col>
      <Col xs={6} md={2}>
        <Form.Control type="date" aria-label="Au" value={search.get('au') ?? ''} onChange={(e) => update({ au: e.target.value })} />
      </Col>
      <Col xs={6} md={2}>
        <Form.Control type="date" aria-label="Date du créneau" title="Date du créneau" value={search.get('creneau_date') ?? ''} onChange={(e) => update({ creneau_date: e.target.value })} />
      </Col>
      <Col xs={6} md={3}>
        <SearchBox label="Zone" placeholder="Zone" value={search.get('zone')} onChange={(zone) => update({ zone })} />
      </Col>
      <Col xs={6} md={3}>
        <FilterSelect label="Dépôt" all="Tous les dépôts" value={search.get('depot')} choices={depots.map((d) => ({ value: d.id, label: d.designation }))} onChange={(depot) => update({ depot })} />
      </Col>
      <Col xs={6} md={3}>
        <FilterSelect label="Livreur" all="Tous les livreurs" value={search.get('livreur')} choices={couriers.map((c) => ({ value: c.id, label: c.nom }))} onChange={(livreur) => update({ livreur })} />
      </Col>
      <Col xs={6} md={3}>
        <FilterSelect label="Mode de paiement" all="Tous les paiements" value={search.get('modepaiement')} choices={paymentModes.map((m) => ({ value: m.code ?? m.id, label: m.designation }))} onChange={(modepaiement) => update({ modepaiement })} />
      </Col>
      <Col xs={6} md={3}>
        <Button variant="link" onClick={() => setSearch(new URLSearchParams())} disabled={!FILTER_KEYS.some((key) => search.get(key))}>
          Effacer les filtres
        </Button>
      </Col>
    </>
  )

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">
          Commandes{' '}
          {fresh > 0 && (
            <Badge bg="danger" pill role="status">
              {fresh} nouvelle{fresh > 1 ? 's' : ''}
            </Badge>
          )}
        </h1>
        <Form.Check type="switch" id="sound" label="Son" checked={sound} onChange={(e) => setSound(e.target.checked)} />
        {/* One row per order line, the list's filters (ADR 060). */}
        <Suspense fallback={null}>
          <ExportButtons path="/commande/export" query={ordersQuery(search, { paging: false })} name="commandes" />
        </Suspense>
        {/* Slips are chosen by the table's rows: on a phone they print from the order page. */}
        {!phone && (
          <Button size="sm" disabled={selected.length === 0} onClick={() => navigate(`/bons?numeros=${selected.join(',')}`)}>
            Imprimer les bons ({selected.length})
          </Button>
        )}
      </div>
      {phone ? (
        <>
          <ListFilters label="Recherche des commandes" className="mb-2" search={searchBox} />
          <Button variant="outline-dark" className="mb-3 w-100" aria-controls="filtres-commandes" aria-expanded={filtersOpen} onClick={() => setFiltersOpen(true)}>
            Filtres
            {activeFilters > 0 && (
              <Badge bg="primary" className="ms-2">
                {activeFilters}
                <span className="visually-hidden"> actif{activeFilters > 1 ? 's' : ''}</span>
              </Badge>
            )}
          </Button>
          {filtersOpen && (
            <Suspense fallback={null}>
              <FiltersPanel onHide={() => setFiltersOpen(false)}>{filters}</FiltersPanel>
            </Suspense>
          )}
        </>
      ) : (
        <ListFilters label="Filtres des commandes" search={searchBox}>
          {filters}
        </ListFilters>
      )}
      {error && (
        <div className="alert alert-danger" role="alert">
          Une erreur s'est produite lors du chargement des commandes.
        </div>
      )}
      {phone ? (
        <>
          <OrderCards orders={data?.data ?? []} groupOf={groupOf} />
          <Pager {...list.pageProps(data)} />
        </>
      ) : (
        <Suspense fallback={<Spinner animation="border" role="status" aria-label="Chargement" />}>
          <DataTable
            caption="Commandes"
            columns={columns}
            rows={data?.data ?? []}
            {...list.pageProps(data)}
            {...list.sortProps}
            getRowId={(row) => row.numero}
            groupOf={groupOf}
            rowSelection={selection}
            onRowSelectionChange={setSelection}
          />
        </Suspense>
      )}
    </>
  )
}
