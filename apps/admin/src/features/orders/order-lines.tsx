// An order's lines and amounts, the same on its page and on its delivery slip: each line with
// its unit price and total, then sub-total, delivery, discount (when there is one) and the
// total the customer pays (the shared `orderTotal`). `print` gives the slip's plain table.
import type { ReactNode } from 'react'
import { Table } from 'react-bootstrap'
import type { OrderDetail } from '@teranga/shared/backoffice-orders'
import { formatPrix } from '@teranga/shared/money'
import { orderTotal } from '@teranga/shared/order-amounts'

/** A table of an order's lines: its column headers (numbers right-aligned), then `children`, its rows. */
export function LinesTable({ headers, label = 'Articles de la commande', print = false, className = '', children }: { headers: { label: string; end?: boolean }[]; label?: string; print?: boolean; className?: string; children: ReactNode }) {
  const head = (
    <thead>
      <tr>
        {headers.map((header) => (
          <th key={header.label} scope="col" className={header.end ? 'text-end' : undefined}>
            {header.label}
          </th>
        ))}
      </tr>
    </thead>
  )
  // On a phone's screen the slip's table scrolls on its own (its amounts do not break: 25 px past
  // a 320 px screen); reachable by keyboard as a scrolling box must be. Printed, it is as before.
  if (print)
    return (
      <div className="slip-lines-frame" tabIndex={0}>
        <table className="slip-lines">
          {head}
          <tbody>{children}</tbody>
        </table>
      </div>
    )
  return (
    // A box that scrolls on a phone is reachable by keyboard and named (axe: scrollable-region-focusable).
    <div className={`table-responsive ${className}`.trim()} tabIndex={0} role="region" aria-label={label}>
      <Table size="sm" className="mb-0">
        {head}
        <tbody>{children}</tbody>
      </Table>
    </div>
  )
}

const HEADERS = [{ label: 'Article' }, { label: 'Qté', end: true }, { label: 'Prix unitaire', end: true }, { label: 'Total', end: true }]

type PricedOrder = Pick<OrderDetail, 'lignes' | 'montantcommande' | 'montantliv' | 'remise'> & Partial<Pick<OrderDetail, 'a_encaisser' | 'supplement' | 'supplement_accepte'>>

/** What the preparation says of a line (ADR 055): the shopper's choice, what was ordered, what it replaces. */
function preparationNote(line: OrderDetail['lignes'][number], lines: OrderDetail['lignes']): string | null {
  if (line.remplace != null) {
    const replaced = lines.find((l) => l.ligne === line.remplace)
    const what = `Remplace ${replaced ? (replaced.variante?.designation ?? replaced.produit.designation) : 'un article manquant'}`
    return line.supplement ? `${what} · facturé au plus ${formatPrix(line.total)}` : what
  }
  const parts: string[] = []
  if (line.quantite_commandee != null && line.quantite_commandee !== line.quantite) parts.push(`${line.quantite_commandee - line.quantite} manquant(s) sur ${line.quantite_commandee}`)
  if (line.remplacer === false) parts.push('Ne pas remplacer')
  return parts.length > 0 ? parts.join(' · ') : null
}

export function OrderLines({ order, print = false }: { order: PricedOrder; print?: boolean }) {
  const amounts: [string, string][] = [
    ['Sous-total', formatPrix(order.montantcommande)],
    ['Livraison', formatPrix(order.montantliv)],
    ...(order.remise > 0 ? [['Remise', `− ${formatPrix(order.remise)}`] as [string, string]] : []),
  ]
  const total = print ? 'slip-total' : 'fs-6 fw-bold'
  const list = (
    <dl className={print ? 'slip-amounts' : 'row mb-0 small'}>
      {amounts.map(([label, value]) => (
        <Amount key={label} label={label} value={value} print={print} />
      ))}
      <Amount label="Total" value={formatPrix(orderTotal(order))} print={print} className={total} />
      {/* What the courier collects, after the preparation (a cash order); the slip says it below its lines. */}
      {!print && order.a_encaisser != null && <Amount label="À encaisser" value={formatPrix(order.a_encaisser)} print={print} />}
      {order.supplement != null && !order.supplement_accepte && <Amount label="Supplément (non accepté)" value={formatPrix(order.supplement)} print={print} />}
    </dl>
  )
  return (
    <>
      <LinesTable headers={HEADERS} print={print}>
        {order.lignes.map((line) => (
          <tr key={line.variante ? `v${line.variante.id}` : `p${line.produit.id}`}>
            <td>
              {line.variante ? (
                // A variant's designation is the product's and its values; its code is the SKU picked (ADR 053 §4).
                <>
                  {line.variante.designation}
                  <span className={print ? undefined : 'text-muted small'}> {line.variante.code}</span>
                </>
              ) : (
                <>
                  {line.produit.designation}
                  {!print && line.produit.code && <span className="text-muted small"> {line.produit.code}</span>}
                </>
              )}
              {preparationNote(line, order.lignes) && <div className={print ? 'slip-note' : 'small text-muted'}>{preparationNote(line, order.lignes)}</div>}
            </td>
            <td className="text-end">{line.quantite}</td>
            <td className="text-end text-nowrap">{formatPrix(line.prix)}</td>
            <td className="text-end text-nowrap">{formatPrix(line.total)}</td>
          </tr>
        ))}
      </LinesTable>
      {print ? list : <div className="card-body">{list}</div>}
    </>
  )
}

function Amount({ label, value, print, className = '' }: { label: string; value: string; print: boolean; className?: string }) {
  return (
    <>
      <dt className={`${print ? '' : 'col-6'} ${className}`.trim() || undefined}>{label}</dt>
      <dd className={`${print ? '' : 'col-6 text-end'} ${className}`.trim() || undefined}>{value}</dd>
    </>
  )
}
