// Downloads a file the API sends (CSV and Excel exports, ADR 060; invoices' PDFs, ADR 061) with
// the token, which a plain link cannot send.
import { apiFetch } from './api.ts'

const ACCEPT: Record<string, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
}

export async function downloadFile(path: string, fileName: string, accept?: string): Promise<void> {
  const extension = fileName.split('.').pop() ?? ''
  const response = await apiFetch(path, { headers: { accept: accept ?? ACCEPT[extension] ?? '*/*' } })
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
