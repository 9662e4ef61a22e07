// « Exporter (CSV) » and « Exporter (Excel) » (ADR 060): the same rows, the list's filters in
// `query`, downloaded with the token; the file is named after the list and today's date.
import { useState } from 'react'
import { Button } from 'react-bootstrap'
import { ApiError, errorMessage } from '../lib/api.ts'
import { downloadFile } from '../lib/download.ts'
import { notify } from '../lib/notify.ts'

export interface ExportButtonsProps {
  /** The API path without its extension, e.g. `/commande/export`. */
  path: string
  /** The list's filters, as a query string without `?`. */
  query?: string
  /** The file's name without its extension, e.g. `commandes`. */
  name: string
}

export function ExportButtons({ path, query, name }: ExportButtonsProps) {
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null)
  const download = async (format: 'csv' | 'xlsx') => {
    setBusy(format)
    try {
      await downloadFile(`${path}.${format}${query ? `?${query}` : ''}`, `${name}-${new Date().toISOString().slice(0, 10)}.${format}`)
    } catch (error) {
      // The server's French reason (a bad date, a refusal, too many exports at once); a lost
      // connection has none.
      notify.error(error instanceof ApiError ? errorMessage(error) : "L'export a échoué. Réessayez.")
    } finally {
      setBusy(null)
    }
  }
  return (
    <>
      <Button variant="outline-primary" size="sm" disabled={busy !== null} onClick={() => void download('csv')}>
        Exporter (CSV)
      </Button>
      <Button variant="outline-primary" size="sm" disabled={busy !== null} onClick={() => void download('xlsx')}>
        Exporter (Excel)
      </Button>
    </>
  )
}
