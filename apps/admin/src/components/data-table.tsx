// A list of the back-office: TanStack Table with the server's pages and sort (manualPagination,
// manualSorting); the page and sort live in the caller's state (the URL).
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowSelectionState, type SortingState } from '@tanstack/react-table'
import { Fragment } from 'react'
import { Table } from 'react-bootstrap'
import { Pager } from './pager.tsx'

export interface DataTableProps<T> {
  caption: string
  columns: ColumnDef<T, unknown>[]
  rows: T[]
  pageCount: number
  page: number
  sorting: SortingState
  onSortingChange: (sorting: SortingState) => void
  onPageChange: (page: number) => void
  getRowId: (row: T) => string
  rowSelection?: RowSelectionState
  onRowSelectionChange?: (selection: RowSelectionState) => void
  total?: number
  /**
   * Rows grouped under a heading row each time this label changes from the row before (the
   * server's sort puts a group's rows together); none: no groups.
   */
  groupOf?: (row: T) => string
}

export function DataTable<T>(props: DataTableProps<T>) {
  // The server sorts: a column is sortable unless it says otherwise (TanStack asks for an accessor).
  const columns = props.columns.map((column) => (column.enableSorting === false ? column : { accessorFn: () => null, ...column }))
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table as documented; this component is simply not memoized by the compiler
  const table = useReactTable({
    data: props.rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    pageCount: props.pageCount,
    getRowId: props.getRowId,
    enableRowSelection: Boolean(props.onRowSelectionChange),
    state: { sorting: props.sorting, pagination: { pageIndex: props.page - 1, pageSize: 20 }, rowSelection: props.rowSelection ?? {} },
    onSortingChange: (updater) => props.onSortingChange(typeof updater === 'function' ? updater(props.sorting) : updater),
    onRowSelectionChange: (updater) => props.onRowSelectionChange?.(typeof updater === 'function' ? updater(props.rowSelection ?? {}) : updater),
  })
  return (
    <>
      {/* A wide table scrolls sideways: its region takes the keyboard's focus, so arrow keys scroll it (WCAG 2.1.1). */}
      <div className="table-responsive" tabIndex={0} role="region" aria-label={props.caption}>
        <Table hover size="sm" className="align-middle">
          <caption className="visually-hidden">{props.caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted()
                  return (
                    <th key={header.id} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                      {header.column.getCanSort() ? (
                        <button type="button" className="btn btn-link btn-sm p-0 text-reset fw-semibold" onClick={header.column.getToggleSortingHandler()}>
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  )
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row, i, rows) => {
              const group = props.groupOf?.(row.original)
              const opens = group !== undefined && (i === 0 || props.groupOf!(rows[i - 1]!.original) !== group)
              return (
                <Fragment key={row.id}>
                  {opens && (
                    <tr className="table-light">
                      <th scope="rowgroup" colSpan={columns.length}>
                        {group}
                      </th>
                    </tr>
                  )}
                  <tr>
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                    ))}
                  </tr>
                </Fragment>
              )
            })}
            {props.rows.length === 0 && (
              <tr>
                <td colSpan={props.columns.length} className="text-center text-muted py-4">
                  Aucun résultat.
                </td>
              </tr>
            )}
          </tbody>
        </Table>
      </div>
      <Pager page={props.page} pageCount={props.pageCount} total={props.total} onPageChange={props.onPageChange} />
    </>
  )
}
