// « Nouvelle version disponible »: a new release's worker is installed and waiting; « Recharger »
// lets it take over and reloads the page, so no shopper stays on the old scripts.
import { useState, useSyncExternalStore } from 'react'
import { waitingRelease } from '../network-status.ts'

export function UpdatePrompt() {
  const accept = useSyncExternalStore(waitingRelease.subscribe, waitingRelease.get, () => null)
  const [reloading, setReloading] = useState(false)
  if (!accept) return null
  return (
    <div className="position-fixed top-0 start-50 translate-middle-x mt-2 rounded-3 text-bg-dark small px-3 py-2 shadow d-flex align-items-center gap-3" style={{ zIndex: 1070 }} role="alert" data-testid="update-prompt">
      <span>Nouvelle version disponible</span>
      <button
        type="button"
        className="btn btn-sm btn-light"
        disabled={reloading}
        onClick={() => {
          setReloading(true)
          accept()
        }}
      >
        Recharger
      </button>
    </div>
  )
}
