// The product page's main block: image, description, price and stock, with the purchase
// controls (quantity, add to cart, favourite) plugged in by the page.
import type { ReactNode } from 'react'
import { IMAGE_SIZES } from '@teranga/shared/media'
import type { Produit } from '@teranga/shared/storefront-answers'
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx'
import { SalePrice } from '@/components/product/sale-price.tsx'
import { StockBadge } from '@/components/product/stock-badge.tsx'

export function ProductDetails({ product, purchase }: { product: Produit; purchase: ReactNode }) {
  return (
    <div className="row g-4 product-details">
      <div className="col-md-6">
        <ResponsiveImage
          src={product.image}
          srcSet={product.imagesrcset}
          alt={product.designation}
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
        <p className="product-details-price mb-0">
          {product.prixformat} <span className="text-body-secondary fs-6">/ {product.unite}</span>{' '}
          <SalePrice prix={product.prix} prixInitial={product.prix_initial} />
        </p>
        <StockBadge quantite={product.quantite} />
        {product.description && <p className="mb-0">{product.description}</p>}
        <p className="small text-body-secondary mb-0">Réf. {product.code}</p>
        {purchase}
      </div>
    </div>
  )
}
