// A dialog that asks before something that cannot be undone (delete, cancel). Loaded on
// demand: react-bootstrap's Modal stays out of a page's code until it is needed.
import { useId, useState, type ReactNode } from 'react'
import Modal from 'react-bootstrap/Modal'

interface Props {
  title: string
  children: ReactNode
  confirmLabel: string
  /** Resolves to true when done (the dialog closes), false to stay open (an error shows inside). */
  onConfirm: () => Promise<boolean>
  /** Called once the dialog has closed. */
  onClose: () => void
  /** The confirm button stays disabled while false (a word still to type). */
  canConfirm?: boolean
  /** A message shown inside the dialog, e.g. why the action was refused. */
  error?: string | null
}

export default function ConfirmDialog({ title, children, confirmLabel, onConfirm, onClose, canConfirm = true, error }: Props) {
  const [show, setShow] = useState(true)
  const [busy, setBusy] = useState(false)
  const titleId = useId()

  const confirm = async () => {
    setBusy(true)
    const done = await onConfirm()
    setBusy(false)
    if (done) setShow(false)
  }

  return (
    <Modal show={show} onHide={() => !busy && setShow(false)} onExited={onClose} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel="Fermer">
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        {error && (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {error}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={() => setShow(false)} disabled={busy}>
          Retour
        </button>
        <button type="button" className="btn btn-danger" onClick={() => void confirm()} disabled={busy || !canConfirm}>
          {confirmLabel}
        </button>
      </Modal.Footer>
    </Modal>
  )
}
