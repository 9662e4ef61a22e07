// "Paramètres": signing out here or on every device, and deleting the account. Deleting asks
// the customer to type SUPPRIMER; the server refuses while an order is under way (409), and
// the account then stays as it was.
import { lazy, Suspense, useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { MESSAGES } from '@teranga/shared/messages'
import { ApiError } from '@/lib/api-client.ts'
import { withReason } from '@/lib/api-errors.ts'
import { useAuth } from '@/lib/auth.tsx'
import { toast } from '@/lib/notify.ts'
import { deleteAccount, logoutEverywhere } from '../api/profile-api.ts'

const ConfirmDialog = lazy(() => import('@/components/ui/confirm-dialog.tsx'))

/** What the customer types to confirm the deletion. */
const CONFIRMATION_WORD = 'SUPPRIMER'

export function AccountSettings() {
  const { signOut } = useAuth()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [typed, setTyped] = useState('')
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const confirmId = useId()

  const signOutEverywhere = async () => {
    setBusy(true)
    try {
      await logoutEverywhere()
    } catch (error) {
      toast.error(withReason(MESSAGES.logoutEverywhereError, error))
      setBusy(false)
      return
    }
    // Every token is revoked, this one too: only the local sign-out is left.
    await signOut({ revoke: false })
  }

  const confirmDelete = async () => {
    setDeleteError(null)
    try {
      await deleteAccount()
    } catch (error) {
      setDeleteError(error instanceof ApiError && error.status === 409 ? error.message : withReason(MESSAGES.accountDeleteError, error))
      return false
    }
    // The account and its tokens are gone: leave Firebase, forget the token, and start again from home.
    navigate('/', { replace: true })
    await signOut({ revoke: false })
    return true
  }

  return (
    <>
      <section className="card mb-3" aria-labelledby="sessions-title">
        <div className="card-body">
          <h2 id="sessions-title" className="h5">
            Connexion
          </h2>
          <p className="small text-body-secondary">
            Un téléphone perdu, un ordinateur partagé ? La déconnexion de tous les appareils ferme aussi les sessions ouvertes ailleurs.
          </p>
          <div className="d-flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline-dark" disabled={busy} onClick={() => void signOut()}>
              Se déconnecter
            </button>
            <button type="button" className="btn btn-outline-primary" disabled={busy} onClick={() => void signOutEverywhere()}>
              Se déconnecter de tous les appareils
            </button>
          </div>
        </div>
      </section>
      <section className="card border-danger" aria-labelledby="delete-title">
        <div className="card-body">
          <h2 id="delete-title" className="h5 text-danger">
            Supprimer mon compte
          </h2>
          <p className="small">
            Votre compte et vos données personnelles seront supprimés, et vos commandes en attente annulées. Ce n'est pas possible tant
            qu'une commande est en cours de traitement ou de livraison.
          </p>
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => {
              setTyped('')
              setDeleteError(null)
              setDeleting(true)
            }}
          >
            Supprimer mon compte
          </button>
        </div>
      </section>

      {deleting && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title="Supprimer votre compte ?"
            confirmLabel="Supprimer définitivement"
            canConfirm={typed.trim() === CONFIRMATION_WORD}
            onConfirm={confirmDelete}
            onClose={() => setDeleting(false)}
            error={deleteError}
          >
            <p>Votre compte ne pourra pas être récupéré.</p>
            <label htmlFor={confirmId} className="form-label">
              Pour confirmer, tapez {CONFIRMATION_WORD}
            </label>
            <input id={confirmId} type="text" className="form-control" autoComplete="off" autoCapitalize="characters" value={typed} onChange={(event) => setTyped(event.target.value)} />
          </ConfirmDialog>
        </Suspense>
      )}
    </>
  )
}
