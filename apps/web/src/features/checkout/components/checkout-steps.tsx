// Where the shopper is in the checkout: Adresse → Livraison → Paiement. Steps already passed
// are links back; the current one is marked for screen readers.
import { Link } from 'react-router'

export type CheckoutStep = 'adresse' | 'livraison' | 'paiement'

const STEPS: ReadonlyArray<{ id: CheckoutStep; label: string; to: string }> = [
  { id: 'adresse', label: 'Adresse', to: '/livraison/addresse' },
  { id: 'livraison', label: 'Livraison', to: '/livraison/modelivraison' },
  { id: 'paiement', label: 'Paiement', to: '/paiement' },
]

export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const currentIndex = STEPS.findIndex((step) => step.id === current)
  return (
    <nav aria-label="Étapes de la commande" className="mb-4">
      <ol className="list-unstyled d-flex flex-wrap align-items-center gap-2 mb-0">
        {STEPS.map((step, index) => {
          const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'todo'
          const badge = (
            <span className={`badge rounded-pill me-1 ${state === 'todo' ? 'text-bg-light border' : 'text-bg-primary'}`} aria-hidden="true">
              {index + 1}
            </span>
          )
          return (
            <li key={step.id} className="d-flex align-items-center gap-2">
              {index > 0 && (
                <span className="text-body-secondary" aria-hidden="true">
                  →
                </span>
              )}
              {state === 'done' ? (
                <Link to={step.to} className="d-inline-flex align-items-center">
                  {badge}
                  {step.label}
                </Link>
              ) : (
                <span className={`d-inline-flex align-items-center ${state === 'current' ? 'fw-semibold' : 'text-body-secondary'}`} aria-current={state === 'current' ? 'step' : undefined}>
                  {badge}
                  {step.label}
                </span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
