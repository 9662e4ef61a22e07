// An image field: checked in the browser (2 MB, JPEG/PNG/GIF by its first bytes), then sent
// to POST /api/media, which checks it again by its bytes and answers its key and WebP URL.
import { useState } from 'react'
import { Form } from 'react-bootstrap'
import { checkImage } from '../forms/schemas.ts'
import { apiFetch, ApiError } from '../lib/api.ts'

export function ImageUpload({ id, label, error, onUploaded }: { id: string; label: string; error?: string; onUploaded: (media: { key: string; image: string }) => void }) {
  const [problem, setProblem] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const onFile = async (file: File | undefined) => {
    setProblem(null)
    if (!file) return
    const refused = await checkImage(file)
    if (refused) return setProblem(refused)
    setUploading(true)
    try {
      const body = new FormData()
      body.append('image', file)
      onUploaded((await (await apiFetch('/media', { method: 'POST', body })).json()) as { key: string; image: string })
    } catch (err) {
      setProblem(err instanceof ApiError ? err.message : "L'envoi de l'image a échoué. Réessayez.")
    } finally {
      setUploading(false)
    }
  }
  const message = problem ?? error
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control type="file" accept="image/jpeg,image/png,image/gif" onChange={(e) => void onFile((e.target as HTMLInputElement).files?.[0])} isInvalid={Boolean(message)} />
      <Form.Control.Feedback type="invalid">{message}</Form.Control.Feedback>
      {uploading && <div className="small">Envoi de l'image…</div>}
    </Form.Group>
  )
}
