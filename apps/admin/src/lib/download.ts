// Downloads a file the API sends (CSV exports, invoices' PDFs) with the token, which a plain link cannot send.
import { apiFetch } from './api.ts'

export async function downloadFile(path: string, fileName: string, accept = 'text/csv'): Promise<void> {
  const response = await apiFetch(path, { headers: { accept } })
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
