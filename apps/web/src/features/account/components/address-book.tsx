// The customer's saved delivery addresses: each with its zone and fee, added, changed in
// place, or deleted after a confirmation.
import { lazy, Suspense, useState } from 'react'
import type { Adresse } from '@teranga/shared/customer-answers'
import { MESSAGES } from '@teranga/shared/messages'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { withReason } from '@/lib/api-errors.ts'
import { toast } from '@/lib/notify.ts'
import { useAdresses, useDeleteAdresse } from '@/lib/api/addresses-api.ts'
import { AddressForm } from './address-form.tsx'

const ConfirmDialog = lazy(() => import('@/components/ui/confirm-dialog.tsx'))

const nameOf = (adresse: Adresse) => adresse.libelle || 'Adresse'

export function AddressBook({ defaultTelephone }: { defaultTelephone: string }) {
  const adresses = useAdresses()
  const remove = useDeleteAdresse()
  // 'new', the id of the address being changed, or nothing.
  const [editing, setEditing] = useState<'new' | number | null>(null)
  const [deleting, setDeleting] = useState<Adresse | null>(null)
  const [deleteError, setDeleteError] = useState<string | null>(null)

  const confirmDelete = async (adresse: Adresse) => {
    try {
      await remove.mutateAsync(adresse.id)
      toast.success(MESSAGES.addressDeleted)
      if (editing === adresse.id) setEditing(null)
      return true
    } catch (error) {
      setDeleteError(withReason(MESSAGES.addressDeleteError, error))
      return false
    }
  }

  if (adresses.isError) return <ErrorAlert message={MESSAGES.addressesLoadError} onRetry={() => void adresses.refetch()} />
  if (adresses.isPending) return <Spinner />

  return (
    <>
      {editing === 'new' ? (
        <section className="card mb-3" aria-labelledby="new-address-title">
          <div className="card-body">
            <h2 id="new-address-title" className="h5">
              Nouvelle adresse
            </h2>
            <AddressForm adresse={null} defaultTelephone={defaultTelephone} first={adresses.data.length === 0} onDone={() => setEditing(null)} />
          </div>
        </section>
      ) : (
        <button type="button" className="btn btn-primary mb-3" onClick={() => setEditing('new')}>
          Ajouter une adresse
        </button>
      )}

      {adresses.data.length === 0 ? (
        <p className="text-body-secondary">Vous n'avez pas encore d'adresse enregistrée.</p>
      ) : (
        <ul className="list-unstyled row g-3">
          {adresses.data.map((adresse) => (
            <li key={adresse.id} className={editing === adresse.id ? 'col-12' : 'col-lg-6'}>
              <article className="card h-100" aria-label={nameOf(adresse)}>
                <div className="card-body">
                  <h2 className="h6 d-flex flex-wrap align-items-center gap-2">
                    {nameOf(adresse)}
                    {adresse.pardefaut && <span className="badge text-bg-primary">Par défaut</span>}
                  </h2>
                  {editing === adresse.id ? (
                    <AddressForm adresse={adresse} defaultTelephone={defaultTelephone} first={false} onDone={() => setEditing(null)} />
                  ) : (
                    <>
                      <p className="mb-1">{adresse.adresse}</p>
                      {adresse.repere && <p className="small mb-1">{MESSAGES.repereShown(adresse.repere)}</p>}
                      <p className="small mb-1">
                        {adresse.zone ? (
                          <>
                            Zone : {adresse.zone.designation} · Livraison {adresse.zone.fraisformat}
                          </>
                        ) : (
                          'Zone : non précisée'
                        )}
                      </p>
                      {adresse.telephone && <p className="small mb-3">Téléphone : {adresse.telephone}</p>}
                      <div className="d-flex gap-2">
                        <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setEditing(adresse.id)}>
                          Modifier
                        </button>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-danger"
                          onClick={() => {
                            setDeleteError(null)
                            setDeleting(adresse)
                          }}
                        >
                          Supprimer
                        </button>
                      </div>
                    </>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}

      {deleting && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title="Supprimer cette adresse ?"
            confirmLabel="Supprimer"
            onConfirm={() => confirmDelete(deleting)}
            onClose={() => setDeleting(null)}
            error={deleteError}
          >
            <p className="mb-0">
              {nameOf(deleting)} : {deleting.adresse}
            </p>
          </ConfirmDialog>
        </Suspense>
      )}
    </>
  )
}
