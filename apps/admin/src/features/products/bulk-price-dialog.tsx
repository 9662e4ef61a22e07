// The selected variants' price changed at once (ADR 053 §6): by a percentage or an amount,
// signed, all or nothing (POST /api/produit/{id}/variantes/prix); the server's refusal shows
// under the value it names.
import { useId, useState } from 'react'
import { Alert, Button, Form, Modal } from 'react-bootstrap'
import { toast } from 'react-toastify'
import { bulkPriceSchema, type BulkPrice } from '@teranga/shared/backoffice-catalogue'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { useBulkVariantPrice } from './api/products-api.ts'

export function BulkPriceDialog({ productId, variantIds, onClose }: { productId: number; variantIds: number[]; onClose: () => void }) {
  const titleId = useId()
  const [mode, setMode] = useState<BulkPrice['mode']>('pourcentage')
  const [valeur, setValeur] = useState('')
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const change = useBulkVariantPrice(productId)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    // The shared schema's messages, before sending; « − » typed as a minus sign counts as one.
    const parsed = bulkPriceSchema.safeParse({ variantes: variantIds, mode, valeur: valeur.replace(/[−–]/g, '-') })
    setFailure(null)
    if (!parsed.success) {
      const found: Record<string, string[]> = {}
      for (const issue of parsed.error.issues) (found[String(issue.path[0] ?? 'valeur')] ??= []).push(issue.message)
      setErrors(found)
      if (found['variantes']) setFailure(found['variantes'][0]!)
      return
    }
    setErrors({})
    try {
      await change.mutateAsync(parsed.data)
      toast.success(variantIds.length > 1 ? `Prix de ${variantIds.length} variantes modifiés` : 'Prix de la variante modifié')
      onClose()
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.errors).length > 0) {
        setErrors(err.errors)
        const others = Object.entries(err.errors).filter(([field]) => field !== 'valeur')
        if (others.length > 0) setFailure(others.map(([, messages]) => messages[0]).join(' '))
      } else setFailure(errorMessage(err))
    }
  }

  const valeurError = errors['valeur']?.[0]
  return (
    <Modal show onHide={onClose} centered aria-labelledby={titleId}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel="Fermer">
          <Modal.Title as="h2" className="h5" id={titleId}>
            Changer le prix de {variantIds.length} variante{variantIds.length > 1 ? 's' : ''}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3">
            {(
              [
                ['pourcentage', 'En pourcentage (%)'],
                ['montant', 'En montant (FCFA)'],
              ] as const
            ).map(([value, label]) => (
              <Form.Check key={value} type="radio" id={`prix-mode-${value}`} name="prix-mode" label={label} checked={mode === value} onChange={() => setMode(value)} />
            ))}
          </Form.Group>
          <Form.Group controlId="prix-valeur">
            <Form.Label>{mode === 'pourcentage' ? 'Variation (%)' : 'Variation (FCFA)'}</Form.Label>
            <Form.Control
              inputMode="text"
              autoComplete="off"
              value={valeur}
              isInvalid={Boolean(valeurError)}
              aria-invalid={Boolean(valeurError)}
              aria-describedby={`${titleId}-aide${valeurError ? ` ${titleId}-erreur` : ''}`}
              onChange={(e) => setValeur(e.target.value)}
              placeholder={mode === 'pourcentage' ? 'ex. 10 ou -15' : 'ex. 500 ou -250'}
            />
            <Form.Control.Feedback type="invalid" id={`${titleId}-erreur`}>
              {valeurError}
            </Form.Control.Feedback>
            <Form.Text id={`${titleId}-aide`}>Une valeur négative baisse le prix. Les prix promotionnels ne changent pas.</Form.Text>
          </Form.Group>
          {failure && (
            <Alert variant="danger" className="mt-3 mb-0">
              {failure}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" disabled={change.isPending}>
            Appliquer
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  )
}
