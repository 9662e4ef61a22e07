// The product page's main block: image, description, price and stock of the chosen variant,
// its options as buttons, with the purchase controls (quantity, add to cart, favourite) plugged
// in by the page.
import type { ReactNode } from 'react'
import { IMAGE_SIZES } from '@teranga/shared/media'
import type { Produit, Variante } from '@teranga/shared/storefront-answers'
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx'
import { SalePrice } from '@/components/product/sale-price.tsx'
import { StockBadge } from '@/components/product/stock-badge.tsx'
import { VariantPicker } from '@/components/product/variant-picker.tsx'

export function ProductDetails({
  product,
  variant,
  onChoose,
  purchase,
}: {
  product: Produit
  /** The chosen variant: its price, stock, image and code are shown. */
  variant: Variante
  onChoose: (variant: Variante) => void
  purchase: ReactNode
}) {
  return (
    <div className="row g-4 product-details">
      <div className="col-md-6">
        <ResponsiveImage
          src={variant.image ?? product.image}
          srcSet={variant.image ? variant.imagesrcset : product.imagesrcset}
          alt={variant.designation}
          width={640}
          height={640}
          sizes={IMAGE_SIZES.productDetails}
          priority
          className="img-fluid rounded product-details-image"
        />
      </div>
      <div className="col-md-6 d-flex flex-column gap-3">
        <p className="text-body-secondary small mb-0">
          {product.souscategorie.categorie.designation} › {product.souscategorie.designation}
        </p>
        <h1 className="h3 mb-0">{product.designation}</h1>
        <VariantPicker product={product} chosen={variant} onChoose={onChoose} idPrefix={`produit-${product.id}`} />
        {/* Read out when another variant is chosen: its price and stock. */}
        <div className="d-flex flex-column gap-3" aria-live="polite">
          <p className="product-details-price mb-0">
            {variant.prixformat} <span className="text-body-secondary fs-6">/ {product.unite}</span>{' '}
            <SalePrice prix={variant.prix} prixInitial={variant.prix_initial} />
          </p>
          <StockBadge quantite={variant.quantite} />
        </div>
        {product.description && <p className="mb-0">{product.description}</p>}
        <p className="small text-body-secondary mb-0">{`Réf. ${variant.code}`}</p>
        {purchase}
      </div>
    </div>
  )
}
