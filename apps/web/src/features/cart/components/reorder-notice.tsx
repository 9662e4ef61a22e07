// What « Commander à nouveau » could not put in the cart (issue 25 §5), at the top of the cart
// panel: the lines no longer on sale or out of stock, and those put in with less than ordered.
import { REORDER_MESSAGES, reorderReasonText } from '@teranga/shared/reorder'
import type { ReorderAnswer } from '@teranga/shared/reorder-answer'

export function ReorderNotice({ outcome, empty }: { outcome: Pick<ReorderAnswer, 'indisponibles' | 'partiels'>; empty: boolean }) {
  const { indisponibles, partiels } = outcome
  const complete = indisponibles.length === 0 && partiels.length === 0
  return (
    <div className={`alert ${complete ? 'alert-success' : 'alert-warning'} small py-2`} role="status" data-testid="reorder-notice">
      <p className="mb-1 fw-semibold">{empty ? REORDER_MESSAGES.nothingAdded : REORDER_MESSAGES.done}</p>
      {indisponibles.length > 0 && (
        <>
          <p className="mb-1 mt-2 fw-semibold">{REORDER_MESSAGES.unavailableTitle}</p>
          <ul className="mb-1 ps-3">
            {indisponibles.map((line) => (
              <li key={`${line.produit}-${line.variante}`}>
                {line.designation} : {reorderReasonText[line.motif]}
              </li>
            ))}
          </ul>
        </>
      )}
      {partiels.length > 0 && (
        <>
          <p className="mb-1 mt-2 fw-semibold">{REORDER_MESSAGES.partialTitle}</p>
          <ul className="mb-0 ps-3">
            {partiels.map((line) => (
              <li key={line.variante}>
                {line.designation} : {REORDER_MESSAGES.partial(line.demande, line.ajoute)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
