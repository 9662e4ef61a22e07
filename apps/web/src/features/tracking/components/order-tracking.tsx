// The tracking page's order: its state, lines, amounts and refunds (nothing else of the customer's).
import { plannedSlot } from '@teranga/shared/delivery-slots'
import { formatPrix } from '@teranga/shared/money'
import { supplementDueText } from '@teranga/shared/preparation'
import type { ReactNode } from 'react'
import { ORDER_MESSAGES_TEXT, type SuiviPage } from '@teranga/shared/order-messages'

/** `actions`: what the app adds under the order (« Commander à nouveau », from the cart feature). */
export function OrderTracking({ commande, actions }: { commande: SuiviPage; actions?: ReactNode }) {
  return (
    <article className="py-4" style={{ maxWidth: '40rem' }}>
      <h1 className="h3">{ORDER_MESSAGES_TEXT.trackingTitle(commande.numerocommande)}</h1>
      <p className="text-body-secondary mb-2">
        Passée le {commande.created_at_fr} · {commande.modelivraison}
      </p>
      {commande.creneau && (
        <p className="fw-semibold mb-2" data-testid="order-slot">
          {plannedSlot(commande.creneau.libelle, null)}
        </p>
      )}
      {commande.supplement_a_payer ? (
        <p className="alert alert-info mb-2" data-testid="supplement-due">
          {supplementDueText(commande.supplement_a_payer, formatPrix, commande.retrait ?? false)}
        </p>
      ) : null}
      <p className="fs-5">
        État : <span className={`badge text-bg-${commande.etat_badge}`}>{commande.etat_text}</span>
      </p>
      {/* Out for delivery: who is bringing it, by first name only (issue 25 §3). */}
      {commande.livreur && <p className="fs-5 fw-semibold">{ORDER_MESSAGES_TEXT.onTheWayWith(commande.livreur.prenom)}</p>}
      <table className="table align-middle">
        <caption className="visually-hidden">Articles de la commande</caption>
        <thead>
          <tr>
            <th scope="col">Article</th>
            <th scope="col" className="text-end">
              Quantité
            </th>
            <th scope="col" className="text-end">
              Prix
            </th>
          </tr>
        </thead>
        <tbody>
          {commande.lignes.map((ligne, index) => (
            <tr key={index}>
              <td>{ligne.designation}</td>
              <td className="text-end">{ligne.quantite}</td>
              <td className="text-end">{formatPrix(ligne.prix * ligne.quantite)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="row mb-0">
        <dt className="col-6">Sous-total</dt>
        <dd className="col-6 text-end">{formatPrix(commande.montantcommande)}</dd>
        <dt className="col-6">Livraison</dt>
        <dd className="col-6 text-end">{formatPrix(commande.montantliv)}</dd>
        {commande.remise > 0 && (
          <>
            <dt className="col-6">Remise</dt>
            <dd className="col-6 text-end">-{formatPrix(commande.remise)}</dd>
          </>
        )}
        <dt className="col-6 fs-5">Total</dt>
        <dd className="col-6 text-end fs-5 fw-bold">{formatPrix(commande.montanttotal)}</dd>
        {commande.rembourse > 0 && (
          <>
            <dt className="col-6 text-success">Remboursé</dt>
            <dd className="col-6 text-end fw-semibold text-success">{formatPrix(commande.rembourse)}</dd>
          </>
        )}
      </dl>
      {commande.remboursements.length > 0 && (
        <section className="mt-3" aria-labelledby="suivi-remboursements">
          <h2 id="suivi-remboursements" className="h6">
            Remboursements
          </h2>
          <ul className="list-unstyled small mb-0">
            {commande.remboursements.map((r) => (
              <li key={r.id} className="mb-2">
                <span className="fw-semibold">{formatPrix(r.montant)}</span> remboursés le {r.date_fr}
                {r.lignes.length > 0 && (
                  <ul className="mb-0">
                    {r.lignes.map((l, i) => (
                      <li key={i}>
                        {l.quantite} × {l.designation} ({formatPrix(l.total)})
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {actions && <div className="mt-4">{actions}</div>}
    </article>
  )
}
