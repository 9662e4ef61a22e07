// The settings forms' and lists' own pieces: a table of rows with their actions, a row's
// « Modifier » and « Supprimer », a form's submit with its « Annuler » while a row is edited,
// its image fields, and how a write's outcome is told.
import { useState, type ReactNode } from 'react'
import { Button, Col, Table } from 'react-bootstrap'
import { toast } from 'react-toastify'
import { mediaKeySchema } from '@teranga/shared/backoffice-catalogue'
import { mediaUrl } from '@teranga/shared/media'
import { ImageUpload } from '../../components/image-upload.tsx'
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

/** How many of a form's images are on their way: its submit waits for none. */
export function useUploads() {
  const [count, setCount] = useState(0)
  return { uploading: count > 0, onUploading: (busy: boolean) => setCount((n) => n + (busy ? 1 : -1)) }
}

/**
 * An image field of a settings form (the one ImageUpload): `value` is the form's key now, shown
 * as the image just uploaded or, for a stored key, its rendering (an address stored before
 * keys were checked is never loaded); a new upload's key goes to `onKey`.
 */
export function SettingsImage({ id, label, error, value, onKey, onUploading }: { id: string; label: string; error?: string; value: string | null | undefined; onKey: (key: string) => void; onUploading: (busy: boolean) => void }) {
  const [uploaded, setUploaded] = useState<{ key: string; image: string | null } | null>(null)
  const preview = !value ? null : uploaded?.key === value ? uploaded.image : mediaKeySchema.safeParse(value).success ? mediaUrl(value, 160) : null
  return (
    <ImageUpload
      id={id}
      label={label}
      error={error}
      preview={preview}
      onUploading={onUploading}
      onUploaded={(media) => {
        setUploaded(media)
        onKey(media.key)
      }}
    />
  )
}
