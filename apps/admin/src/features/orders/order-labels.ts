// How the order page names its payment and who moved the order: the shared labels instead
// of the codes the server stores (« wave · payee », « wave »).
import { paymentProviderName, paymentStatusText } from '@teranga/shared/payment-labels'
import type { OrderDetail } from '@teranga/shared/backoffice-orders'

/** `{provider: 'wave', statut: 'payee'}` → « Wave · Payée ». */
export const paymentText = (payment: NonNullable<OrderDetail['paiement']>) => `${paymentProviderName(payment.provider)} · ${paymentStatusText(payment.statut)}`

/** Who made a move of the order's history: a named person, the payment provider or the shop itself. */
export function actorText(step: Pick<OrderDetail['historique'][number], 'acteur' | 'acteur_nom'>): string {
  switch (step.acteur) {
    case 'provider':
      return step.acteur_nom ? `${paymentProviderName(step.acteur_nom)} (paiement)` : 'Paiement en ligne'
    case 'staff':
      return step.acteur_nom ?? "Un membre de l'équipe"
    case 'client':
      return step.acteur_nom ? `${step.acteur_nom} (client)` : 'Le client'
    default:
      // Moves nobody made: an unpaid order expiring, for one.
      return 'Automatique'
  }
}
