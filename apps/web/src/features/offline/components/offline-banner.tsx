// The discreet banner of issue 18: « Vous êtes hors ligne » while the phone has no connection
// (and what still works), and a note when the page shows answers kept from an earlier visit.
import { useSyncExternalStore } from 'react'
import { connection, staleAnswers } from '../network-status.ts'

export function OfflineBanner() {
  const online = useSyncExternalStore(connection.subscribe, connection.online, connection.onlineOnServer)
  const stale = useSyncExternalStore(staleAnswers.subscribe, staleAnswers.get, () => false)
  return (
    <div role="status" aria-live="polite" className="position-fixed bottom-0 start-0 end-0 px-2 pb-2 pe-none" style={{ zIndex: 1060 }}>
      {!online ? (
        <div className="mx-auto rounded-3 text-bg-dark small px-3 py-2 shadow pe-auto" style={{ maxWidth: 640 }} data-testid="offline-banner">
          <strong>Vous êtes hors ligne</strong>
          <span> · Les pages déjà vues (possiblement pas à jour) et votre panier restent disponibles ; commander, payer ou se connecter demande une connexion.</span>
        </div>
      ) : stale ? (
        <div className="mx-auto rounded-3 text-bg-warning small px-3 py-2 shadow pe-auto" style={{ maxWidth: 640 }} data-testid="stale-banner">
          Connexion lente : certaines informations affichées sont possiblement pas à jour.
        </div>
      ) : null}
    </div>
  )
}
