// A product card's choice of variant (ADR 053 §5), for a product with several: a sheet from the
// bottom of the screen asking the product page's document (its variants), with the option
// buttons, the chosen variant's price and stock, a quantity and « Ajouter au panier ». Loaded on
// first use: the first page's script does not carry it.
import { useState } from 'react'
import Offcanvas from 'react-bootstrap/Offcanvas'
import { Link } from 'react-router'
import { MESSAGES } from '@teranga/shared/messages'
import type { Produit, Variante } from '@teranga/shared/storefront-answers'
import { SalePrice } from '@/components/product/sale-price.tsx'
import { StockBadge } from '@/components/product/stock-badge.tsx'
import { VariantPicker } from '@/components/product/variant-picker.tsx'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useProduct } from '@/features/catalogue/api/get-product.ts'
import { PurchaseForm } from '@/features/cart/components/purchase-form.tsx'
import { chooseVariant } from '@/lib/variants.ts'

function Choice({ product, onAdded, onLeave }: { product: Produit; onAdded: () => void; onLeave: () => void }) {
  const [chosen, setChosen] = useState<Variante>(() => chooseVariant(product, undefined))
  return (
    <div className="d-flex flex-column gap-3">
      <div className="d-flex gap-3 align-items-center">
        <ResponsiveImage src={chosen.image ?? product.image} srcSet={chosen.image ? chosen.imagesrcset : product.imagesrcset} alt="" width={80} height={80} sizes="80px" />
        <div className="d-flex flex-column gap-1 min-w-0" aria-live="polite">
          <p className="mb-0 fw-semibold">{chosen.designation}</p>
          <p className="mb-0">
            <span className="product-price fs-5">{chosen.prixformat}</span> <SalePrice prix={chosen.prix} prixInitial={chosen.prix_initial} />
          </p>
          <StockBadge quantite={chosen.quantite} />
        </div>
      </div>
      <VariantPicker product={product} chosen={chosen} onChoose={setChosen} idPrefix={`choix-${product.id}`} />
      <PurchaseForm key={chosen.id} product={product} variant={chosen} idPrefix="choice" onAdded={onAdded} />
      <Link to={`/product/${product.id}?variante=${chosen.id}`} className="btn btn-link align-self-start px-0" onClick={onLeave}>
        Voir le produit
      </Link>
    </div>
  )
}

export default function VariantChoiceSheet({ product: card, onClose }: { product: Produit; onClose: () => void }) {
  const [show, setShow] = useState(true)
  const product = useProduct(card.id)
  const close = () => setShow(false)
  return (
    <Offcanvas show={show} onHide={close} onExited={onClose} placement="bottom" className="variant-choice-sheet" aria-labelledby="variant-choice-title">
      <Offcanvas.Header closeButton closeLabel="Fermer">
        <Offcanvas.Title id="variant-choice-title" as="h2" className="h5">
          {card.designation}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        {product.isError ? (
          <ErrorAlert message={product.error.message || MESSAGES.productsLoadError} onRetry={() => void product.refetch()} />
        ) : product.isPending ? (
          <Spinner />
        ) : !product.data ? (
          <p className="mb-0">{MESSAGES.productMissing}</p>
        ) : (
          <Choice product={product.data} onAdded={close} onLeave={close} />
        )}
      </Offcanvas.Body>
    </Offcanvas>
  )
}
