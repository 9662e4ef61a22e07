// The order's invoice and credit notes on its page (ADR 061): « Facture (PDF) » and one
// « Avoir (PDF) » per refund, downloaded with the token (a plain link cannot send it).
import { useState } from 'react'
import { Button, Card } from 'react-bootstrap'
import { toast } from 'react-toastify'
import type { OrderDetail } from '@teranga/shared/backoffice-orders'
import { creditNotePath, INVOICE_LINKS, invoicePath } from '@teranga/shared/invoices'
import { errorMessage } from '../../lib/api.ts'
import { downloadFile } from '../../lib/download.ts'
import { useOrderDocuments } from './api/documents-api.ts'

/** `downloadFile` adds `/api`. */
const underApi = (path: string) => path.replace(/^\/api/, '')

export function OrderDocumentsCard({ order }: { order: Pick<OrderDetail, 'numero' | 'etat' | 'rembourse'> }) {
  const documents = useOrderDocuments(order.numero, order.etat, order.rembourse)
  const [busy, setBusy] = useState(false)
  if (!documents.data || (!documents.data.facture && documents.data.avoirs.length === 0)) return null
  const { facture, avoirs } = documents.data
  const save = async (numero: string, path: string) => {
    setBusy(true)
    try {
      await downloadFile(underApi(path), `${numero}.pdf`, 'application/pdf')
    } catch (error) {
      toast.error(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card body className="mb-3">
      <h2 className="h6">Documents</h2>
      <div className="d-flex flex-wrap gap-2">
        {facture && (
          <Button variant="outline-primary" size="sm" disabled={busy} onClick={() => void save(facture, invoicePath(order.numero))}>
            {INVOICE_LINKS.facture} <span className="small text-muted">{facture}</span>
          </Button>
        )}
        {avoirs.map((avoir) => (
          <Button key={avoir.numero} variant="outline-secondary" size="sm" disabled={busy} onClick={() => void save(avoir.numero, creditNotePath(order.numero, avoir.numero))}>
            {INVOICE_LINKS.avoir} <span className="small text-muted">{avoir.numero}</span>
          </Button>
        ))}
      </div>
    </Card>
  )
}
