// The cart side panel 'Mon Panier' (spec §2): lines with image, designation, unit price and
// an editable quantity, a remove icon, the total with 2 decimals and 'Passer la commande'; after
// « Commander à nouveau », what could not be put back (issue 25 §5).
import Offcanvas from 'react-bootstrap/Offcanvas'
import { useNavigate } from 'react-router'
import { MESSAGES } from '@teranga/shared/messages'
import { formatPrix } from '@teranga/shared/money'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useCart } from './cart-provider.tsx'
import { LineQuantity, RemoveLineButton } from './cart-line-controls.tsx'
import { ReorderNotice } from './reorder-notice.tsx'

export default function CartPanel() {
  const { lines, total, isLoading, isError, offlineCopy, panelOpen, closePanel, reorderOutcome } = useCart()
  const navigate = useNavigate()
  return (
    <Offcanvas show={panelOpen} onHide={closePanel} placement="end" aria-labelledby="cart-panel-title">
      <Offcanvas.Header closeButton closeLabel="Fermer le panier">
        <Offcanvas.Title id="cart-panel-title" as="h2" className="h5">
          Mon Panier
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="d-flex flex-column">
        {reorderOutcome && !isLoading && !isError && <ReorderNotice outcome={reorderOutcome} empty={lines.length === 0} />}
        {isError ? (
          <ErrorAlert message={MESSAGES.cartLoadError} />
        ) : isLoading ? (
          <Spinner />
        ) : lines.length === 0 ? (
          <p className="text-body-secondary">{offlineCopy ? MESSAGES.cartOfflineUnknown : MESSAGES.cartEmpty}</p>
        ) : (
          <>
            {offlineCopy && (
              <p className="alert alert-secondary small py-2" role="status">
                {MESSAGES.cartOfflineCopy}
              </p>
            )}
            <ul className="list-unstyled flex-grow-1 cart-lines">
              {lines.map((line) => (
                <li key={line.variante_id ?? `produit-${line.produit_id}`} className="d-flex gap-2 align-items-center py-2 border-bottom">
                  <ResponsiveImage src={line.variante.image ?? line.produit.image} srcSet={line.variante.image ? line.variante.imagesrcset : line.produit.imagesrcset} alt="" width={56} height={56} sizes="56px" />
                  <div className="flex-grow-1 min-w-0">
                    {/* The whole name, on as many lines as it takes: cut at 320 px, « Riz brisé … » twice told two products apart no more. */}
                    <p className="mb-1 small fw-semibold">{line.variante.designation}</p>
                    <p className="mb-0 small text-body-secondary">{formatPrix(line.prix)}</p>
                  </div>
                  <LineQuantity line={line} />
                  <RemoveLineButton line={line} />
                </li>
              ))}
            </ul>
            <p className="d-flex justify-content-between fw-semibold fs-5 mt-3">
              <span>Total</span>
              <span data-testid="cart-panel-total">{formatPrix(total)}</span>
            </p>
          </>
        )}
        <button
          type="button"
          className="btn btn-primary w-100 mt-auto"
          onClick={() => {
            closePanel()
            void navigate('/cart')
          }}
        >
          Passer la commande
        </button>
      </Offcanvas.Body>
    </Offcanvas>
  )
}
