// The settings forms' and lists' own pieces: a table of rows with their actions, a row's
// « Modifier » and « Supprimer », and a form's submit with its « Annuler » while a row is edited.
import type { ReactNode } from 'react'
import { Button, Col, Table } from 'react-bootstrap'
import { toast } from 'react-toastify'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { useRemove, type SettingsList } from './api/settings-api.ts'

/**
 * A form's write: `success` told once it is done; a refusal told as the server says it, with
 * each field's message given to `fieldError` to show under that field. True when saved.
 */
export async function saveAndTell(write: () => Promise<unknown>, success: string, fieldError?: (field: string, message: string) => void) {
  try {
    await write()
    toast.success(success)
    return true
  } catch (err) {
    if (fieldError && err instanceof ApiError) for (const [field, messages] of Object.entries(err.errors)) if (messages[0]) fieldError(field, messages[0])
    toast.error(errorMessage(err))
    return false
  }
}

/** « Supprimer », after a confirmation; the server's refusal (e.g. still in use) is shown as it says it. */
export function DeleteButton({ list, id, label }: { list: SettingsList; id: number; label: string }) {
  const remove = useRemove(list)
  return (
    <Button
      variant="outline-danger"
      size="sm"
      aria-label={`Supprimer ${label}`}
      disabled={remove.isPending}
      onClick={async () => {
        if (!window.confirm(`Supprimer « ${label} » ?`)) return
        try {
          await remove.mutateAsync(id)
          toast.success(`« ${label} » supprimé`)
        } catch (err) {
          toast.error(errorMessage(err))
        }
      }}
    >
      Supprimer
    </Button>
  )
}

/** A row's « Modifier » (its form then holds the row) and « Supprimer ». */
export function RowActions({ list, id, label, onEdit }: { list: SettingsList; id: number; label: string; onEdit: () => void }) {
  return (
    <span className="text-nowrap">
      <Button variant="link" size="sm" aria-label={`Modifier ${label}`} onClick={onEdit}>
        Modifier
      </Button>
      <DeleteButton list={list} id={id} label={label} />
    </span>
  )
}

/** A form's submit button, and « Annuler » when `onCancel` is given (a row being edited). */
export function FormActions({ label, submitting, onCancel }: { label: string; submitting: boolean; onCancel?: () => void }) {
  return (
    <Col xs={12} className="d-flex gap-2">
      <Button type="submit" disabled={submitting}>
        {label}
      </Button>
      {onCancel && (
        <Button variant="outline-dark" onClick={onCancel}>
          Annuler
        </Button>
      )}
    </Col>
  )
}

/** A table of a list's rows (slides, loyalty tiers): `cells` gives each row's cells under `columns`, then its actions. */
export function RowsTable<T extends { id: number }>({ caption, columns, items, cells, actions }: { caption: string; columns: string[]; items: T[]; cells: (item: T) => ReactNode[]; actions: (item: T) => ReactNode }) {
  return (
    <Table size="sm">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            {cells(item).map((cell, index) => (
              <td key={index}>{cell}</td>
            ))}
            <td className="text-end text-nowrap">{actions(item)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  )
}
