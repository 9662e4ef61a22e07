// An image field: checked in the browser (2 MB, JPEG/PNG/GIF by its first bytes, the server's
// own rule), then sent to POST /api/media, which checks it again by its bytes and answers its
// key and WebP URL. Every image the back office uploads goes through it.
import { useState } from 'react'
import { Form } from 'react-bootstrap'
import { IMAGE_ACCEPT, imageError, type UploadedMedia } from '@teranga/shared/backoffice-catalogue'
import { ApiError, apiFetch } from '../lib/api.ts'

/** The spec's message refusing a chosen file, or null when it may be uploaded. */
export async function checkImage(file: Blob): Promise<string | null> {
  return imageError(file.size, new Uint8Array(await readHead(file, 8)))
}

function readHead(file: Blob, count: number): Promise<ArrayBuffer> {
  const slice = file.slice(0, count)
  if (typeof slice.arrayBuffer === 'function') return slice.arrayBuffer()
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as ArrayBuffer)
    reader.onerror = () => reject(reader.error)
    reader.readAsArrayBuffer(slice)
  })
}

export interface ImageUploadProps {
  id: string
  label: string
  /** The form's message for the field (the shared schema's, or the server's). */
  error?: string
  /** The image shown under the field: the one uploaded, or the record's. */
  preview?: string | null
  onUploaded: (media: UploadedMedia) => void
  /** Told when an upload starts and ends (a form waits for it before saving). */
  onUploading?: (uploading: boolean) => void
}

export function ImageUpload({ id, label, error, preview, onUploaded, onUploading }: ImageUploadProps) {
  const [problem, setProblem] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const busy = (value: boolean) => {
    setUploading(value)
    onUploading?.(value)
  }
  const onFile = async (file: File | undefined) => {
    setProblem(null)
    if (!file) return
    const refused = await checkImage(file)
    if (refused) return setProblem(refused)
    busy(true)
    try {
      const body = new FormData()
      body.append('image', file)
      onUploaded((await (await apiFetch('/media', { method: 'POST', body })).json()) as UploadedMedia)
    } catch (err) {
      setProblem(err instanceof ApiError ? err.message : "L'envoi de l'image a échoué. Réessayez.")
    } finally {
      busy(false)
    }
  }
  const message = problem ?? error
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control type="file" accept={IMAGE_ACCEPT} onChange={(e) => void onFile((e.target as HTMLInputElement).files?.[0])} isInvalid={Boolean(message)} />
      <Form.Control.Feedback type="invalid">{message}</Form.Control.Feedback>
      {uploading && <div className="small">Envoi de l'image…</div>}
      {preview && <img src={preview} alt="Aperçu de l'image" className="mt-2 rounded" style={{ maxWidth: 160 }} />}
    </Form.Group>
  )
}
