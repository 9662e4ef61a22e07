// The product's variants, one row each (ADR 053 §6): its values (with its checkbox), code, price
// and stock — a new variant's first stock, or an existing one's stock read-only with a movement
// (+/−) sent with the form's motif. On a phone the table scrolls sideways, the values column
// staying in place. The server's errors (`variantes.N.field`) show under their cell. Each row's
// « Détails » opens its sale, threshold and barcode in a dialog (variant-details-dialog.tsx).
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowSelectionState } from '@tanstack/react-table'
import { Badge, Button, Form, Table } from 'react-bootstrap'
import { useMemo, useState } from 'react'
import { useFormContext, useFormState, useWatch } from 'react-hook-form'
import { formatPrix } from '@teranga/shared/money'
import { valuesLabel, type VariantRow } from './variant-rows.ts'
import { DETAIL_LABELS, VariantDetailsDialog, type DetailField } from './variant-details-dialog.tsx'

interface VariantsFormValues {
  variantes: VariantRow[]
}

/** The row's key, stable across generations: its values. */
export const rowKey = (row: VariantRow) => (row.valeurs.length === 0 ? '∅' : row.valeurs.join('\u241f'))

type CellField = 'code' | 'prix' | 'qte' | 'delta'

/** A cell's input and its own error (`variantes.N.field`, the shared schema's or the server's) under it. */
function CellInput({ index, field, label, numeric, className }: { index: number; field: CellField; label: string; numeric?: boolean; className: string }) {
  const { register, control } = useFormContext<VariantsFormValues>()
  const { errors } = useFormState({ control, name: `variantes.${index}.${field}` })
  const message = (errors.variantes as unknown as Array<Partial<Record<CellField, { message?: string }>> | undefined> | undefined)?.[index]?.[field]?.message
  const id = `variantes-${index}-${field}`
  return (
    <>
      <Form.Control
        id={id}
        size="sm"
        className={className}
        aria-label={label}
        inputMode={numeric ? 'numeric' : undefined}
        autoComplete="off"
        isInvalid={Boolean(message)}
        aria-invalid={Boolean(message)}
        aria-describedby={message ? `${id}-erreur` : undefined}
        {...register(`variantes.${index}.${field}`)}
      />
      {message && (
        <div id={`${id}-erreur`} className="invalid-feedback d-block">
          {message}
        </div>
      )}
    </>
  )
}

/** A row's errors on what its cells do not show (its values, position, threshold…), under its values. */
function RowErrors({ index }: { index: number }) {
  const { control } = useFormContext<VariantsFormValues>()
  const { errors } = useFormState({ control, name: `variantes.${index}` })
  const row = (errors.variantes as unknown as Array<Record<string, { message?: string } | undefined> | undefined> | undefined)?.[index]
  const others = Object.entries(row ?? {}).filter(([field, error]) => !['code', 'prix', 'qte', 'delta'].includes(field) && error?.message)
  if (others.length === 0) return null
  return (
    <div className="invalid-feedback d-block">
      {others.map(([field, error]) => (
        // A « Détails » field's error names its field here too (the dialog shows it under the field).
        <div key={field}>{field in DETAIL_LABELS ? `${DETAIL_LABELS[field as DetailField]} : ${error!.message}` : error!.message}</div>
      ))}
    </div>
  )
}

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === ''

/** A `datetime-local` value as people read it: « 31/12/2026 23:59 ». */
const shownDate = (value: string) => {
  const [day = '', time = ''] = value.split('T')
  return `${day.split('-').reverse().join('/')} ${time}`.trim()
}

/** A reader's view of a row's « Détails » (the page's fieldset disables the button that opens them). */
function DetailsSummary({ row }: { row: VariantRow }) {
  const parts = [
    !blank(row.prix_promo) && `Promo : ${formatPrix(Number(row.prix_promo))}${row.promo_fin ? ` jusqu’au ${shownDate(row.promo_fin)}` : ''}`,
    !blank(row.seuil) && `Seuil : ${row.seuil}`,
    !blank(row.code_barres) && `Code-barres : ${row.code_barres}`,
  ].filter(Boolean)
  return parts.length > 0 ? <div className="small text-muted">{parts.join(' · ')}</div> : null
}

/** The columns, built once for a table (TanStack renders a cell function as a component: a new one each render would remount its inputs). */
function variantColumns(readOnly: boolean, openDetails: (index: number) => void): ColumnDef<VariantRow, unknown>[] {
  return [
    {
      id: 'valeurs',
      header: ({ table }) => (
        <div className="d-flex align-items-center gap-2">
          <Form.Check
            aria-label="Sélectionner toutes les variantes"
            checked={table.getIsAllRowsSelected()}
            ref={(input: HTMLInputElement | null) => {
              if (input) input.indeterminate = table.getIsSomeRowsSelected()
            }}
            onChange={table.getToggleAllRowsSelectedHandler()}
          />
          Variante
        </div>
      ),
      cell: ({ row }) => (
        <>
          <div className="d-flex align-items-center gap-2">
            <Form.Check aria-label={`Sélectionner ${valuesLabel(row.original.valeurs)}`} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />
            <span>{valuesLabel(row.original.valeurs)}</span>
          </div>
          {readOnly ? (
            <DetailsSummary row={row.original} />
          ) : (
            <div className="d-flex align-items-center gap-1">
              <Button variant="link" size="sm" className="px-0" onClick={() => openDetails(row.index)}>
                Détails<span className="visually-hidden"> de {valuesLabel(row.original.valeurs)}</span>
              </Button>
              {!blank(row.original.prix_promo) && <Badge bg="danger">Promo</Badge>}
            </div>
          )}
          <RowErrors index={row.index} />
        </>
      ),
    },
    {
      id: 'code',
      header: 'Code',
      cell: ({ row }) => <CellInput index={row.index} field="code" label={`Code de ${valuesLabel(row.original.valeurs)}`} className="variant-code" />,
    },
    {
      id: 'prix',
      header: 'Prix (FCFA)',
      cell: ({ row }) => <CellInput index={row.index} field="prix" numeric label={`Prix de ${valuesLabel(row.original.valeurs)}`} className="variant-number" />,
    },
    {
      id: 'stock',
      header: 'Stock',
      cell: ({ row }) =>
        row.original.id === undefined ? (
          <CellInput index={row.index} field="qte" numeric label={`Stock initial de ${valuesLabel(row.original.valeurs)}`} className="variant-number" />
        ) : (
          <div className="d-flex align-items-start gap-2">
            <span className="pt-1 text-nowrap" aria-label={`Stock actuel de ${valuesLabel(row.original.valeurs)}`}>
              {row.original.quantite ?? 0}
            </span>
            {!readOnly && (
              <div>
                <CellInput index={row.index} field="delta" numeric label={`Mouvement de stock (+/−) de ${valuesLabel(row.original.valeurs)}`} className="variant-number" />
              </div>
            )}
          </div>
        ),
    },
  ]
}

export function VariantsTable({ selection, onSelectionChange, readOnly = false }: { selection: RowSelectionState; onSelectionChange: (selection: RowSelectionState) => void; readOnly?: boolean }) {
  const { control } = useFormContext<VariantsFormValues>()
  const rows = useWatch({ control, name: 'variantes' }) ?? []
  const [details, setDetails] = useState<number | null>(null)
  const columns = useMemo(() => variantColumns(readOnly, setDetails), [readOnly])

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table as documented; this component is simply not memoized by the compiler
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowKey,
    enableRowSelection: true,
    state: { rowSelection: selection },
    onRowSelectionChange: (updater) => onSelectionChange(typeof updater === 'function' ? updater(selection) : updater),
  })

  return (
    // A wide table scrolls sideways: its region takes the keyboard's focus, so arrow keys scroll it (WCAG 2.1.1).
    <div className="table-responsive variants-table" tabIndex={0} role="region" aria-label="Variantes">
      <Table size="sm" className="align-middle mb-0">
        <caption className="visually-hidden">Variantes</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) =>
                cell.column.id === 'valeurs' ? (
                  <th key={cell.id} scope="row" className="fw-normal">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </th>
                ) : (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </Table>
      {details !== null && <VariantDetailsDialog index={details} onClose={() => setDetails(null)} />}
    </div>
  )
}
