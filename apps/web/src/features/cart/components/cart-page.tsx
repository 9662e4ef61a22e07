// The full cart page /cart: every line with its quantity and amount, the total, and the way
// on to delivery.
import { Link } from 'react-router'
import { MESSAGES } from '@teranga/shared/messages'
import { formatPrix } from '@teranga/shared/money'
import { EmptyCart } from '@/components/ui/empty-cart.tsx'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useCart } from './cart-provider.tsx'
import { LineQuantity, RemoveLineButton } from './cart-line-controls.tsx'

export function CartPage() {
  const { lines, total, count, isLoading, isError, offlineCopy } = useCart()
  if (isError) return <ErrorAlert message={MESSAGES.cartLoadError} />
  if (isLoading) return <Spinner />
  if (lines.length === 0 && offlineCopy) return <p className="alert alert-secondary">{MESSAGES.cartOfflineUnknown}</p>
  if (lines.length === 0) return <EmptyCart />
  return (
    <div className="row g-4">
      <div className="col-lg-8">
        {offlineCopy && (
          <p className="alert alert-secondary small py-2" role="status">
            {MESSAGES.cartOfflineCopy}
          </p>
        )}
        <ul className="list-group">
          {lines.map((line) => (
            <li key={line.variante_id ?? `produit-${line.produit_id}`} className="list-group-item d-flex flex-wrap gap-3 align-items-center">
              <ResponsiveImage src={line.variante.image ?? line.produit.image} srcSet={line.variante.image ? line.variante.imagesrcset : line.produit.imagesrcset} alt="" width={80} height={80} sizes="80px" />
              <div className="flex-grow-1">
                <Link to={line.variante_id !== null && line.variante_id !== undefined ? `/product/${line.produit_id}?variante=${line.variante_id}` : `/product/${line.produit_id}`} className="fw-semibold">
                  {line.variante.designation}
                </Link>
                <p className="mb-0 small text-body-secondary">{formatPrix(line.prix)} l'unité</p>
              </div>
              <LineQuantity line={line} />
              <span className="fw-semibold text-end" style={{ minWidth: '7rem' }}>
                {formatPrix(line.prix * line.quantite)}
              </span>
              <RemoveLineButton line={line} />
            </li>
          ))}
        </ul>
      </div>
      <aside className="col-lg-4" aria-label="Récapitulatif">
        <div className="card">
          <div className="card-body">
            <h2 className="h5">Récapitulatif</h2>
            <p className="d-flex justify-content-between mb-1">
              <span>Articles</span>
              <span>{count}</span>
            </p>
            <p className="d-flex justify-content-between fw-semibold fs-5">
              <span>Total</span>
              <span data-testid="cart-page-total">{formatPrix(total)}</span>
            </p>
            <p className="small text-body-secondary">Les frais de livraison dépendent de votre zone et sont calculés à l'étape suivante.</p>
            <Link to="/livraison" className="btn btn-primary w-100">
              Passer à la livraison
            </Link>
          </div>
        </div>
      </aside>
    </div>
  )
}
