// « Rapports » (issue 26 §1, ADR 059), for admins, phone first: a period (today, 7 days, this
// month, last month, custom) and a grouping, the net sales against the period before (« +12 % »),
// a chart and the table (TanStack Table, scrolling sideways inside its box), its CSV; the average
// basket, new and returning customers, best sellers, the payment modes' shares and slow movers.
import { lazy, Suspense, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { flexRender, getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table'
import { Alert, Button, Card, Col, Form, ListGroup, Row, Spinner, Table } from 'react-bootstrap'
import { toast } from 'react-toastify'
import {
  REPORT_GROUPING_LABELS,
  REPORT_GROUPINGS,
  REPORT_MAX_DAYS,
  REPORT_SALES_RULE_TEXT,
  type ReportGrouping,
  type ReportLine,
} from '@teranga/shared/backoffice-reports'
import { isRealDay, shopDay } from '@teranga/shared/shop-day'
import { errorMessage } from '../../lib/api.ts'
import { formatDay, formatFcfa } from '../../lib/format.ts'
import { downloadSalesReport, useSalesReport, useSalesSummary } from './api/reports-api.ts'
import { changeText, PERIOD_LABELS, periodFor, previousPeriod, type PeriodPreset } from './period.ts'

const SalesChart = lazy(() => import('../../components/sales-chart.tsx'))

const PRESETS = Object.keys(PERIOD_LABELS) as PeriodPreset[]
const isPreset = (v: string | null): v is PeriodPreset => v !== null && (PRESETS as string[]).includes(v)
const isGrouping = (v: string | null): v is ReportGrouping => v !== null && (REPORT_GROUPINGS as readonly string[]).includes(v)

const num = (n: number) => n.toLocaleString('fr-FR')

const COLUMNS: ColumnDef<ReportLine, unknown>[] = [
  { id: 'libelle', header: 'Libellé', accessorKey: 'libelle', cell: (c) => <span className="d-inline-block" style={{ minWidth: '9rem' }}>{c.row.original.libelle}</span> },
  { id: 'commandes', header: 'Cmd.', accessorKey: 'commandes', cell: (c) => num(c.row.original.commandes) },
  { id: 'articles', header: 'Articles', accessorKey: 'articles', cell: (c) => num(c.row.original.articles) },
  { id: 'montant_articles', header: 'Articles (FCFA)', accessorKey: 'montant_articles', cell: (c) => formatFcfa(c.row.original.montant_articles) },
  { id: 'remises', header: 'Remises', accessorKey: 'remises', cell: (c) => formatFcfa(c.row.original.remises) },
  { id: 'livraison', header: 'Livraison', accessorKey: 'livraison', cell: (c) => formatFcfa(c.row.original.livraison) },
  { id: 'rembourse', header: 'Remboursé', accessorKey: 'rembourse', cell: (c) => formatFcfa(c.row.original.rembourse) },
  { id: 'net', header: 'Net', accessorKey: 'net', cell: (c) => <span className="fw-semibold">{formatFcfa(c.row.original.net)}</span> },
]

function ReportTable({ lines, total, caption }: { lines: ReportLine[]; total: Omit<ReportLine, 'cle' | 'libelle'>; caption: string }) {
  const [sorting, setSorting] = useState<SortingState>([])
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table as documented; this component is simply not memoized by the compiler
  const table = useReactTable({ data: lines, columns: COLUMNS, state: { sorting }, onSortingChange: setSorting, getCoreRowModel: getCoreRowModel(), getSortedRowModel: getSortedRowModel(), getRowId: (r) => r.cle || '-' })
  return (
    <div className="table-responsive border rounded" tabIndex={0} role="region" aria-label={caption} data-testid="rapport-table">
      <Table size="sm" hover className="align-middle mb-0 small">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header, i) => {
                const sorted = header.column.getIsSorted()
                return (
                  <th key={header.id} scope="col" className={`text-nowrap${i > 0 ? ' text-end' : ''}`} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                    <button type="button" className="btn btn-link btn-sm p-0 text-reset fw-semibold" onClick={header.column.getToggleSortingHandler()}>
                      {flexRender(header.column.columnDef.header, header.getContext())}
                      {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                    </button>
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell, i) => (
                <td key={cell.id} className={i > 0 ? 'text-end text-nowrap' : undefined}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="fw-semibold">
            <th scope="row">Total</th>
            <td className="text-end text-nowrap">{num(total.commandes)}</td>
            <td className="text-end text-nowrap">{num(total.articles)}</td>
            <td className="text-end text-nowrap">{formatFcfa(total.montant_articles)}</td>
            <td className="text-end text-nowrap">{formatFcfa(total.remises)}</td>
            <td className="text-end text-nowrap">{formatFcfa(total.livraison)}</td>
            <td className="text-end text-nowrap">{formatFcfa(total.rembourse)}</td>
            <td className="text-end text-nowrap" data-testid="rapport-total-net">
              {formatFcfa(total.net)}
            </td>
          </tr>
        </tfoot>
      </Table>
    </div>
  )
}

/** The lines as bars, the largest net first (a grouping that is not days): ten at most. */
function Bars({ lines }: { lines: ReportLine[] }) {
  const top = [...lines].sort((a, b) => b.net - a.net).slice(0, 10)
  const max = Math.max(1, ...top.map((l) => Math.abs(l.net)))
  return (
    <ul className="list-unstyled mb-0" aria-label="Net par ligne">
      {top.map((l) => (
        <li key={l.cle || '-'} className="mb-2">
          <div className="d-flex justify-content-between gap-2 small">
            <span className="text-break">{l.libelle}</span>
            <span className="text-nowrap fw-semibold">{formatFcfa(l.net)}</span>
          </div>
          <div className="bg-body-secondary rounded" style={{ height: 8 }}>
            <div className="bg-success rounded" style={{ height: 8, width: `${Math.max(0, (l.net / max) * 100)}%` }} />
          </div>
        </li>
      ))}
    </ul>
  )
}

function Figure({ title, value, note, testId }: { title: string; value: string; note?: string | null; testId?: string }) {
  return (
    <Card className="h-100">
      <Card.Body className="p-2">
        <h2 className="h6 small text-body-secondary mb-1">{title}</h2>
        <p className="h5 mb-0 text-break" data-testid={testId}>
          {value}
        </p>
        {note && <p className="small mb-0">{note}</p>}
      </Card.Body>
    </Card>
  )
}

export function ReportsPage() {
  const [search, setSearch] = useSearchParams()
  const today = shopDay()
  const preset: PeriodPreset = isPreset(search.get('periode')) ? (search.get('periode') as PeriodPreset) : '7jours'
  const par: ReportGrouping = isGrouping(search.get('par')) ? (search.get('par') as ReportGrouping) : 'jour'
  const customDu = search.get('du')
  const customAu = search.get('au')
  const custom = customDu && customAu && isRealDay(customDu) && isRealDay(customAu) && customDu <= customAu ? { du: customDu, au: customAu } : undefined
  const period = periodFor(preset, today, custom)
  const before = previousPeriod(period)

  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search)
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k)
      else next.set(k, v)
    }
    setSearch(next, { replace: true })
  }

  const report = useSalesReport(period.du, period.au, par)
  const previous = useSalesReport(before.du, before.au, 'mois')
  const summary = useSalesSummary(period.du, period.au)
  const [downloading, setDownloading] = useState(false)
  const data = report.data
  const points = useMemo(() => (data && data.par === 'jour' ? data.lignes.map((l) => ({ jour: l.cle, montant: l.net, commandes: l.commandes })) : []), [data])
  const change = data && previous.data ? changeText(data.total.net, previous.data.total.net) : null

  async function download() {
    setDownloading(true)
    try {
      await downloadSalesReport(period.du, period.au, par)
    } catch (err) {
      toast.error(errorMessage(err))
    } finally {
      setDownloading(false)
    }
  }

  const periodText = period.du === period.au ? `le ${formatDay(period.du)}` : `du ${formatDay(period.du)} au ${formatDay(period.au)}`
  return (
    <>
      <h1 className="h3 mb-3">Rapports</h1>
      <Row xs={1} sm={2} className="g-2 mb-3">
        <Col>
          <Form.Group controlId="rapport-periode">
            <Form.Label className="small mb-1">Période</Form.Label>
            <Form.Select
              value={preset}
              onChange={(e) => set({ periode: e.target.value, ...(e.target.value === 'perso' ? { du: period.du, au: period.au } : { du: null, au: null }) })}
            >
              {PRESETS.map((p) => (
                <option key={p} value={p}>
                  {PERIOD_LABELS[p]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col>
          <Form.Group controlId="rapport-par">
            <Form.Label className="small mb-1">Regroupement</Form.Label>
            <Form.Select value={par} onChange={(e) => set({ par: e.target.value })}>
              {REPORT_GROUPINGS.map((g) => (
                <option key={g} value={g}>
                  {REPORT_GROUPING_LABELS[g]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        {preset === 'perso' && (
          <>
            <Col>
              <Form.Group controlId="rapport-du">
                <Form.Label className="small mb-1">Du</Form.Label>
                <Form.Control type="date" value={period.du} max={period.au} onChange={(e) => isRealDay(e.target.value) && set({ du: e.target.value, au: period.au })} />
              </Form.Group>
            </Col>
            <Col>
              <Form.Group controlId="rapport-au">
                <Form.Label className="small mb-1">Au</Form.Label>
                <Form.Control type="date" value={period.au} min={period.du} onChange={(e) => isRealDay(e.target.value) && set({ du: period.du, au: e.target.value })} />
                <Form.Text>{REPORT_MAX_DAYS} jours au plus.</Form.Text>
              </Form.Group>
            </Col>
          </>
        )}
      </Row>
      <p className="small text-body-secondary">
        Ventes {periodText}, comparées {before.du === before.au ? `au ${formatDay(before.du)}` : `à la période du ${formatDay(before.du)} au ${formatDay(before.au)}`}
      </p>

      {report.error && <Alert variant="danger">{errorMessage(report.error)}</Alert>}
      {!data && !report.error && <Spinner animation="border" role="status" aria-label="Chargement" />}
      {data && (
        <>
          <Row xs={2} md={4} className="g-2 mb-3">
            <Col>
              <Figure title="Ventes nettes" value={formatFcfa(data.total.net)} note={change ? `${change} par rapport à la période précédente` : null} testId="rapport-net" />
            </Col>
            <Col>
              <Figure title="Commandes" value={num(data.total.commandes)} testId="rapport-commandes" />
            </Col>
            <Col>
              <Figure title="Panier moyen" value={summary.data ? formatFcfa(summary.data.panier_moyen) : '…'} testId="rapport-panier" />
            </Col>
            <Col>
              <Figure
                title="Clients"
                value={summary.data ? `${num(summary.data.clients.nouveaux)} nouveau${summary.data.clients.nouveaux > 1 ? 'x' : ''}` : '…'}
                note={summary.data ? `${num(summary.data.clients.habitues)} déjà client${summary.data.clients.habitues > 1 ? 's' : ''}` : null}
              />
            </Col>
          </Row>
          <p className="small text-body-secondary">{REPORT_SALES_RULE_TEXT}</p>

          <Card className="mb-3">
            <Card.Body>
              <h2 className="h6">{REPORT_GROUPING_LABELS[par]}</h2>
              {data.lignes.length === 0 ? (
                <p className="text-muted mb-0">Aucune vente sur cette période.</p>
              ) : data.par === 'jour' ? (
                <Suspense fallback={null}>
                  <SalesChart points={points} caption={`Ventes nettes ${periodText}`} />
                </Suspense>
              ) : (
                <Bars lines={data.lignes} />
              )}
            </Card.Body>
          </Card>

          <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
            <h2 className="h5 mb-0">Détail</h2>
            <Button variant="outline-primary" size="sm" onClick={() => void download()} disabled={downloading}>
              Télécharger (CSV)
            </Button>
          </div>
          <ReportTable key={data.par} lines={data.lignes} total={data.total} caption={`Ventes ${periodText}, ${REPORT_GROUPING_LABELS[par].toLowerCase()}`} />
        </>
      )}

      {summary.data && (
        <Row xs={1} lg={3} className="g-3 mt-1">
          <Col>
            <h2 className="h6">Meilleures ventes</h2>
            {summary.data.meilleures_ventes.length === 0 ? (
              <p className="text-muted small">Aucune vente.</p>
            ) : (
              <ListGroup as="ol" numbered>
                {summary.data.meilleures_ventes.map((p) => (
                  <ListGroup.Item as="li" key={p.id} className="small d-flex justify-content-between gap-2">
                    <span className="text-break me-auto ms-1">{p.designation}</span>
                    <span className="text-nowrap">{num(p.articles)} art.</span>
                  </ListGroup.Item>
                ))}
              </ListGroup>
            )}
          </Col>
          <Col>
            <h2 className="h6">Modes de paiement</h2>
            <ListGroup>
              {summary.data.modes.map((m) => (
                <ListGroup.Item key={m.code} className="small d-flex justify-content-between gap-2">
                  <span className="text-break">{m.designation}</span>
                  <span className="text-nowrap">
                    {m.part}&nbsp;% · {formatFcfa(m.net)}
                  </span>
                </ListGroup.Item>
              ))}
            </ListGroup>
            {summary.data.modes.length === 0 && <p className="text-muted small">Aucune vente.</p>}
          </Col>
          <Col>
            <h2 className="h6">Invendus (en stock, aucune vente en 30 jours)</h2>
            {summary.data.invendus.length === 0 ? (
              <p className="text-muted small">Aucun.</p>
            ) : (
              <ListGroup>
                {summary.data.invendus.map((p, i) => (
                  <ListGroup.Item key={`${p.id}-${i}`} className="small d-flex justify-content-between gap-2">
                    <span className="text-break">{p.designation}</span>
                    <span className="text-nowrap">{num(p.quantite)} en stock</span>
                  </ListGroup.Item>
                ))}
              </ListGroup>
            )}
          </Col>
        </Row>
      )}
    </>
  )
}
