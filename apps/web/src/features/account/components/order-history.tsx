// "Mes achats": the customer's orders page by page, newest first, each with its state badge,
// total, payment and delivery; its lines and amounts on demand; cancelling while the shop has
// not started on it, and paying online (again) while the payment is open or has failed.
import { lazy, Suspense, useId, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { isOnlinePayment } from '@teranga/shared/constants'
import type { Commande, Remboursement } from '@teranga/shared/customer-answers'
import { SLOT_MESSAGES } from '@teranga/shared/delivery-slots'
import { MESSAGES } from '@teranga/shared/messages'
import { formatPrix } from '@teranga/shared/money'
import { CUSTOMER_CANCELLABLE, isOrderStatus } from '@teranga/shared/order-status'
import { creditNotePath, INVOICE_LINKS, INVOICE_MESSAGES, invoicePath } from '@teranga/shared/invoices'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { Pagination } from '@/components/ui/pagination.tsx'
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { downloadFile } from '@/lib/api-client.ts'
import { withReason } from '@/lib/api-errors.ts'
import { toast } from '@/lib/notify.ts'
import { usePageTop } from '@/lib/use-page-top.ts'
import { startPayment } from '@/lib/api/orders-api.ts'
import { useCancelCommande, useCommandes } from '../api/commandes-api.ts'

const ConfirmDialog = lazy(() => import('@/components/ui/confirm-dialog.tsx'))

const canCancel = (commande: Commande) => isOrderStatus(commande.etat) && CUSTOMER_CANCELLABLE.includes(commande.etat)

/** The payment button's label, or null when there is nothing to pay online. */
function paymentAction(commande: Commande): string | null {
  if (!isOnlinePayment(commande.modepaiement.code)) return null
  if (commande.etat === 'echec_paiement') return 'Réessayer le paiement'
  if (commande.etat === 'en_attente_paiement') return 'Payer'
  return null
}

/** The provider's payment page: the browser leaves the shop for it. */
function goToPayment(url: string) {
  window.location.assign(url)
}

/** The list, kept in one element whose top a page change scrolls back to. */
/** What the app adds to each order's buttons (« Commander à nouveau », from the cart feature). */
type OrderActions = (commande: Commande) => ReactNode

export function OrderHistory({ page, onPageChange, actions }: { page: number; onPageChange: (page: number) => void; actions?: OrderActions }) {
  const { top, turnPage } = usePageTop<HTMLDivElement>(page, onPageChange)
  return (
    <div ref={top}>
      <OrderList page={page} onPageChange={turnPage} actions={actions} />
    </div>
  )
}

function OrderList({ page, onPageChange, actions }: { page: number; onPageChange: (page: number) => void; actions?: OrderActions | undefined }) {
  const commandes = useCommandes(page)
  const cancel = useCancelCommande()
  const [cancelling, setCancelling] = useState<Commande | null>(null)
  const [cancelError, setCancelError] = useState<string | null>(null)

  const confirmCancel = async (commande: Commande) => {
    try {
      await cancel.mutateAsync(commande.numerocommande)
      toast.success(MESSAGES.orderCancelled)
      return true
    } catch (error) {
      setCancelError(withReason(MESSAGES.orderCancelError, error))
      return false
    }
  }

  if (commandes.isError) return <ErrorAlert message={MESSAGES.ordersLoadError} onRetry={() => void commandes.refetch()} />
  if (commandes.isPending) return <Spinner />
  const { data, metadata } = commandes.data

  if (data.length === 0 && page === 1) {
    return (
      <div className="text-center py-4">
        <p>Vous n'avez pas encore de commande.</p>
        <Link to="/" className="btn btn-primary">
          Découvrir la boutique
        </Link>
      </div>
    )
  }

  return (
    <>
      {data.length === 0 ? (
        <p className="text-body-secondary">Cette page ne contient aucune commande.</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {data.map((commande) => (
            <li key={commande.id} className="mb-3">
              <OrderCard
                commande={commande}
                actions={actions}
                onCancel={() => {
                  setCancelError(null)
                  setCancelling(commande)
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {metadata.last_page > 1 && <Pagination page={page} lastPage={metadata.last_page} onChange={onPageChange} label="Pages des commandes" />}

      {cancelling && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title="Annuler cette commande ?"
            confirmLabel="Annuler la commande"
            onConfirm={() => confirmCancel(cancelling)}
            onClose={() => setCancelling(null)}
            error={cancelError}
          >
            <p className="mb-0">
              La commande {cancelling.numerocommande} ({cancelling.montanttotalformat}) sera annulée. Cette action est définitive.
            </p>
          </ConfirmDialog>
        </Suspense>
      )}
    </>
  )
}

function OrderCard({ commande, onCancel, actions }: { commande: Commande; onCancel: () => void; actions?: OrderActions | undefined }) {
  const [open, setOpen] = useState(false)
  const [paying, setPaying] = useState(false)
  const detailsId = useId()
  const titleId = useId()
  const payLabel = paymentAction(commande)

  const pay = async () => {
    setPaying(true)
    try {
      const { url } = await startPayment(commande.numerocommande)
      goToPayment(url)
    } catch (error) {
      toast.error(withReason(MESSAGES.paymentStartError, error))
      setPaying(false)
    }
  }

  return (
    <article className="card" aria-labelledby={titleId}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
          <h2 id={titleId} className="h6 mb-0">
            Commande {commande.numerocommande}
          </h2>
          <span className={`badge text-bg-${commande.etat_badge}`}>{commande.etat_text}</span>
        </div>
        <dl className="row small mb-2">
          <dt className="col-5 col-sm-4 fw-normal text-body-secondary">Date</dt>
          <dd className="col-7 col-sm-8 mb-1">{commande.created_at_fr}</dd>
          <dt className="col-5 col-sm-4 fw-normal text-body-secondary">Total</dt>
          <dd className="col-7 col-sm-8 mb-1 fw-semibold">{commande.montanttotalformat}</dd>
          <dt className="col-5 col-sm-4 fw-normal text-body-secondary">Paiement</dt>
          <dd className="col-7 col-sm-8 mb-1">{commande.modepaiement.designation}</dd>
          <dt className="col-5 col-sm-4 fw-normal text-body-secondary">{commande.depot ? 'Retrait' : 'Livraison'}</dt>
          <dd className="col-7 col-sm-8 mb-1">
            {commande.modelivraison.designation}
            {commande.depot ? ` : ${commande.depot.designation}` : commande.adresseliv ? ` : ${commande.adresseliv}` : ''}
          </dd>
          {commande.creneau && (
            <>
              <dt className="col-5 col-sm-4 fw-normal text-body-secondary">{commande.depot ? SLOT_MESSAGES.retraitPrevu : SLOT_MESSAGES.livraisonPrevue}</dt>
              <dd className="col-7 col-sm-8 mb-1" data-testid="order-slot">
                {commande.creneau.libelle}
              </dd>
            </>
          )}
        </dl>
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm btn-outline-dark" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((value) => !value)}>
            {open ? 'Masquer les détails' : 'Voir les détails'}
          </button>
          {payLabel && (
            <button type="button" className="btn btn-sm btn-primary" disabled={paying} onClick={() => void pay()}>
              {paying ? 'Redirection…' : payLabel}
            </button>
          )}
          {payLabel && (
            // Another mode for the same order (issue 19 §4), on the order's payment page.
            <Link to={`/failed?commande=${encodeURIComponent(commande.numerocommande)}`} className="btn btn-sm btn-outline-primary">
              Payer autrement
            </Link>
          )}
          {canCancel(commande) && (
            <button type="button" className="btn btn-sm btn-outline-danger" onClick={onCancel}>
              Annuler la commande
            </button>
          )}
          {actions?.(commande)}
        </div>
        <Documents commande={commande} />
        <div id={detailsId} hidden={!open}>
          {open && <OrderDetails commande={commande} />}
        </div>
      </div>
    </article>
  )
}

function OrderDetails({ commande }: { commande: Commande }) {
  return (
    <div className="mt-3">
      <div className="table-responsive">
        <table className="table table-sm align-middle mb-2">
          <caption className="visually-hidden">Articles de la commande {commande.numerocommande}</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Image</span>
              </th>
              <th scope="col">Produit</th>
              <th scope="col" className="text-end">
                Quantité
              </th>
              <th scope="col" className="text-end">
                Prix unitaire
              </th>
              <th scope="col" className="text-end">
                Sous-total
              </th>
            </tr>
          </thead>
          <tbody>
            {commande.detailcommandes.map((ligne) => (
              <tr key={ligne.id}>
                <td style={{ width: 56 }}>
                  <ResponsiveImage src={ligne.produit.image} srcSet={ligne.produit.imagesrcset} alt="" width={48} height={48} sizes="48px" className="object-fit-contain" />
                </td>
                <td>{ligne.variante?.designation ?? ligne.produit.designation}</td>
                <td className="text-end">{ligne.quantite}</td>
                <td className="text-end text-nowrap">{formatPrix(ligne.prix)}</td>
                <td className="text-end text-nowrap">{formatPrix(ligne.prix * ligne.quantite)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="row small mb-0 ms-auto" style={{ maxWidth: '22rem' }}>
        <dt className="col-7 fw-normal">Montant des articles</dt>
        <dd className="col-5 text-end mb-1 text-nowrap">{formatPrix(commande.montantcommande)}</dd>
        <dt className="col-7 fw-normal">Livraison</dt>
        <dd className="col-5 text-end mb-1 text-nowrap">{formatPrix(commande.montantliv)}</dd>
        {commande.codepromo && (
          <>
            <dt className="col-7 fw-normal">Code promo {commande.codepromo.code}</dt>
            <dd className="col-5 text-end mb-1 text-nowrap">{formatPrix(-commande.codepromo.remise)}</dd>
          </>
        )}
        <dt className="col-7 fw-normal">Remise fidélité</dt>
        <dd className="col-5 text-end mb-1 text-nowrap">{formatPrix(-(commande.remise - (commande.codepromo?.remise ?? 0)))}</dd>
        <dt className="col-7">Total</dt>
        <dd className="col-5 text-end mb-0 fw-semibold text-nowrap">{commande.montanttotalformat}</dd>
        {(commande.rembourse ?? 0) > 0 && (
          <>
            <dt className="col-7 text-success">Remboursé</dt>
            <dd className="col-5 text-end mb-0 fw-semibold text-success text-nowrap">{commande.rembourseformat}</dd>
          </>
        )}
      </dl>
      {(commande.remboursements?.length ?? 0) > 0 && <Refunds remboursements={commande.remboursements!} />}
    </div>
  )
}

/** Strips the API's `/api` prefix: `downloadFile` adds it. */
const underApi = (path: string) => path.replace(/^\/api/, '')

/** The order's invoice and credit notes (ADR 061), downloaded with the token (a plain link cannot send it). */
function Documents({ commande }: { commande: Commande }) {
  const [busy, setBusy] = useState<string | null>(null)
  if (!commande.facture && !commande.avoirs?.length) return null
  const save = async (numero: string, path: string) => {
    setBusy(numero)
    try {
      await downloadFile(underApi(path), `${numero}.pdf`)
    } catch (error) {
      toast.error(withReason(INVOICE_MESSAGES.downloadError, error))
    } finally {
      setBusy(null)
    }
  }
  return (
    <div className="d-flex flex-wrap gap-2 mt-2" aria-label="Documents">
      {commande.facture && (
        <button type="button" className="btn btn-sm btn-link px-0 me-2" disabled={busy !== null} onClick={() => void save(commande.facture!, invoicePath(commande.numerocommande))}>
          {INVOICE_LINKS.facture}
          <span className="visually-hidden"> {commande.facture}</span>
        </button>
      )}
      {commande.avoirs?.map((avoir) => (
        <button key={avoir.numero} type="button" className="btn btn-sm btn-link px-0 me-2" disabled={busy !== null} onClick={() => void save(avoir.numero, creditNotePath(commande.numerocommande, avoir.numero))}>
          {INVOICE_LINKS.avoir}
          <span className="visually-hidden">
            {' '}
            {avoir.numero} ({avoir.montantformat})
          </span>
        </button>
      ))}
    </div>
  )
}

/** Each refund the shop made: how much, when, and for which articles. */
function Refunds({ remboursements }: { remboursements: Remboursement[] }) {
  return (
    <section className="mt-3" aria-label="Remboursements">
      <h3 className="h6">Remboursements</h3>
      <ul className="list-unstyled small mb-0">
        {remboursements.map((r) => (
          <li key={r.id} className="mb-2">
            <span className="fw-semibold">{r.montantformat}</span> remboursés le {r.date_fr}
            {r.lignes.length > 0 && (
              <ul className="mb-0">
                {r.lignes.map((l, i) => (
                  <li key={i}>
                    {l.quantite} × {l.designation} ({l.totalformat})
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
