// "Mes récompenses": the customer's balance and tier, how far the next tier is, every tier
// with its rewards (the customer's highlighted) and the history of points earned and lost.
import { useEffect } from 'react'
import { FCFA_PER_POINT } from '@teranga/shared/constants'
import type { Fidelite, Privilege } from '@teranga/shared/customer-answers'
import { MESSAGES } from '@teranga/shared/messages'
import { formatPrix } from '@teranga/shared/money'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useAuth } from '@/lib/auth.tsx'
import { useFidelite } from '@/lib/api/loyalty-api.ts'
import { usePrivileges } from '../api/fidelite-api.ts'

type Recompense = Privilege['privilegerecompenses'][number]

function rewardText({ valeur, typerecompense }: Recompense): string {
  switch (typerecompense.code) {
    case 'REMISE_POURCENT':
      return `${valeur} % de remise sur vos achats`
    case 'LIVRAISON_GRATUITE':
      return valeur >= 100 ? 'Livraison gratuite' : `${valeur} % des frais de livraison offerts`
    default:
      return typerecompense.designation
  }
}

const pointsText = (points: number) => `${points} point${Math.abs(points) > 1 ? 's' : ''}`

export function LoyaltyOverview() {
  const fidelite = useFidelite()
  const privileges = usePrivileges()
  const { state, updateProfile } = useAuth()
  const user = state.status === 'signedIn' ? state.user : null

  // The header shows the balance the profile call gave; this answer is newer.
  const points = fidelite.data?.points
  useEffect(() => {
    if (user && points !== undefined && user.points !== points) updateProfile({ ...user, points })
  }, [user, points, updateProfile])

  if (fidelite.isError || privileges.isError)
    return (
      <ErrorAlert
        message={MESSAGES.loyaltyLoadError}
        onRetry={() => {
          if (fidelite.isError) void fidelite.refetch()
          if (privileges.isError) void privileges.refetch()
        }}
      />
    )
  if (fidelite.isPending || privileges.isPending) return <Spinner />

  return (
    <>
      <Balance fidelite={fidelite.data} />
      <section aria-labelledby="tiers-title" className="mb-4">
        <h2 id="tiers-title" className="h5">
          Les niveaux de fidélité
        </h2>
        <ul className="list-unstyled row g-3 mb-0">
          {privileges.data.map((privilege) => (
            <li key={privilege.id} className="col-sm-6 col-xl-3">
              <Tier privilege={privilege} current={privilege.id === fidelite.data.privilege?.id} />
            </li>
          ))}
        </ul>
      </section>
      <History fidelite={fidelite.data} />
    </>
  )
}

function Balance({ fidelite }: { fidelite: Fidelite }) {
  const { points, privilege, prochain } = fidelite
  const from = privilege?.point ?? 0
  const percent = prochain ? Math.min(100, Math.max(0, Math.round(((points - from) / Math.max(1, prochain.point - from)) * 100))) : 100
  return (
    <section className="card mb-4" aria-labelledby="balance-title">
      <div className="card-body">
        <h2 id="balance-title" className="h5">
          Mon solde
        </h2>
        <p className="fs-4 fw-bold mb-1">{pointsText(points)}</p>
        <p className="mb-3">
          {privilege ? (
            <>
              Votre niveau : <strong>{privilege.designation}</strong>
            </>
          ) : (
            "Vous n'avez pas encore de niveau de fidélité."
          )}
        </p>
        {prochain ? (
          <>
            <p className="small mb-1" id="next-tier-text">
              Encore {pointsText(Math.max(0, prochain.point - points))} pour atteindre le niveau {prochain.designation}.
            </p>
            <div
              className="progress"
              role="progressbar"
              aria-labelledby="next-tier-text"
              aria-valuenow={percent}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuetext={`${percent} %`}
            >
              <div className="progress-bar" style={{ width: `${percent}%` }} />
            </div>
          </>
        ) : (
          <p className="small mb-0">Vous avez atteint le plus haut niveau de fidélité. Merci pour votre confiance !</p>
        )}
        <p className="small text-body-secondary mt-3 mb-0">
          Chaque commande livrée vous rapporte 1 point par tranche de {formatPrix(FCFA_PER_POINT)} d'achats.
        </p>
      </div>
    </section>
  )
}

function Tier({ privilege, current }: { privilege: Privilege; current: boolean }) {
  const colour = privilege.couleur ?? undefined
  return (
    <article
      className={`card h-100 ${current ? 'border-3 shadow-sm' : ''}`}
      style={{ borderColor: colour, borderTopWidth: '0.5rem' }}
      aria-label={`Niveau ${privilege.designation}`}
      aria-current={current ? 'true' : undefined}
    >
      <div className="card-body">
        <h3 className="h6 d-flex flex-wrap align-items-center gap-2">
          {privilege.designation}
          {current && <span className="badge text-bg-primary">Votre niveau</span>}
        </h3>
        <p className="small text-body-secondary mb-2">À partir de {pointsText(privilege.point)}</p>
        {privilege.privilegerecompenses.length === 0 ? (
          <p className="small mb-0">Cumulez des points pour débloquer des avantages.</p>
        ) : (
          <ul className="small mb-0 ps-3">
            {privilege.privilegerecompenses.map((recompense) => (
              <li key={recompense.id}>{rewardText(recompense)}</li>
            ))}
          </ul>
        )}
      </div>
    </article>
  )
}

function History({ fidelite }: { fidelite: Fidelite }) {
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title" className="h5">
        Historique de mes points
      </h2>
      {fidelite.historique.length === 0 ? (
        <p className="text-body-secondary">Aucun mouvement de points pour le moment.</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle" aria-labelledby="history-title">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Motif</th>
                <th scope="col" className="text-end">
                  Points
                </th>
                <th scope="col">Commande</th>
              </tr>
            </thead>
            <tbody>
              {fidelite.historique.map((mouvement) => (
                <tr key={mouvement.id}>
                  <td className="text-nowrap">{mouvement.date_fr}</td>
                  <td>{mouvement.motif}</td>
                  <td className={`text-end fw-semibold ${mouvement.points < 0 ? 'text-danger' : 'text-success'}`}>
                    {mouvement.points > 0 ? '+' : ''}
                    {mouvement.points}
                  </td>
                  <td>{mouvement.numerocommande ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
