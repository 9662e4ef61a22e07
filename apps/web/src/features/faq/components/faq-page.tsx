// The FAQ: delivery zones and fees (the shop's zones as the owner set them, the ones the
// checkout charges), payment modes, pickup at a depot, from the shop's data; the questions shoppers ask most are the owner's text (issue 19 §2),
// which the route hands in.
import type { ReactNode } from 'react'
import { MESSAGES } from '@teranga/shared/messages'
import { formatPrix } from '@teranga/shared/money'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useDepots, usePaymentModes } from '@/lib/api/reference-data.ts'
import { useZones } from '@/lib/api/addresses-api.ts'

/** The zones grouped by fee, cheapest first, each group in the shop's order of its zones. */
function byFee(zones: ReadonlyArray<{ designation: string; frais: number }>): Array<{ frais: number; zones: string[] }> {
  const groups = new Map<number, string[]>()
  for (const zone of zones) groups.set(zone.frais, [...(groups.get(zone.frais) ?? []), zone.designation])
  return [...groups].map(([frais, names]) => ({ frais, zones: names })).sort((a, b) => a.frais - b.frais)
}

/** The fee of each delivery zone, read from the shop's zones (server-rendered), on the FAQ and the delivery page. */
export function DeliveryFees() {
  const zones = useZones()
  return (
    <section aria-labelledby="faq-livraison" className="mb-5">
      <h2 id="faq-livraison" className="h4">
        Livraison à domicile : zones et frais
      </h2>
      <p>Les frais de livraison dépendent de votre quartier. Une zone absente de la liste est livrée sans frais supplémentaires après accord avec notre service client.</p>
      {zones.isError ? (
        <ErrorAlert message={MESSAGES.zonesLoadError} onRetry={() => void zones.refetch()} />
      ) : zones.isPending ? (
        <Spinner />
      ) : (
        <div className="table-responsive">
          <table className="table table-sm table-striped align-middle">
            <caption className="visually-hidden">Frais de livraison par zone</caption>
            <thead>
              <tr>
                <th scope="col">Frais</th>
                <th scope="col">Zones</th>
              </tr>
            </thead>
            <tbody>
              {byFee(zones.data).map((row) => (
                <tr key={row.frais}>
                  <td className="text-nowrap fw-semibold">{formatPrix(row.frais)}</td>
                  <td>{row.zones.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

export function FaqPage({ title, questions }: { title: string; questions: ReactNode }) {
  const payments = usePaymentModes()
  const depots = useDepots()
  return (
    <div className="faq">
      <h1 className="h3 mb-4">{title}</h1>

      <DeliveryFees />

      <section aria-labelledby="faq-retrait" className="mb-5">
        <h2 id="faq-retrait" className="h4">
          Retrait en dépôt : gratuit
        </h2>
        <p>Choisissez le retrait à l'étape de livraison : votre commande vous attend dans le dépôt de votre choix, sans frais de livraison.</p>
        {depots.isError ? (
          <ErrorAlert message={MESSAGES.depotsLoadError} onRetry={() => void depots.refetch()} />
        ) : depots.isPending ? (
          <Spinner />
        ) : (
          <ul className="list-group">
            {depots.data.map((depot) => (
              <li key={depot.id} className="list-group-item">
                <p className="fw-semibold mb-0">{depot.designation}</p>
                {depot.adresse && <p className="mb-0 small">{depot.adresse}</p>}
                {depot.description && <p className="mb-0 small text-body-secondary">{depot.description}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="faq-paiement" className="mb-5">
        <h2 id="faq-paiement" className="h4">
          Modes de paiement
        </h2>
        {payments.isError ? (
          <ErrorAlert message={MESSAGES.paymentModesLoadError} onRetry={() => void payments.refetch()} />
        ) : payments.isPending ? (
          <Spinner />
        ) : (
          <ul className="row row-cols-1 row-cols-md-2 g-3 list-unstyled">
            {payments.data.map((mode) => (
              <li key={mode.id} className="col">
                <div className="d-flex gap-3 align-items-center border rounded p-2 h-100">
                  <ResponsiveImage src={mode.image} srcSet={mode.imagesrcset} alt="" width={48} height={48} sizes="48px" />
                  <div>
                    <p className="fw-semibold mb-0">{mode.designation}</p>
                    {mode.desc && <p className="small text-body-secondary mb-0">{mode.desc}</p>}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="faq-questions">
        <h2 id="faq-questions" className="h4">
          Vos questions
        </h2>
        {questions}
      </section>
    </div>
  )
}
