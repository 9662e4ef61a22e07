// A product in a grid (spec §2): image, designation, stock badge, price in FCFA, and the
// actions the page plugs in (add to cart, favourite) so this feature needs neither.
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { IMAGE_SIZES } from '@teranga/shared/media'
import type { Produit } from '@teranga/shared/storefront-answers'
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx'
import { SalePrice } from './sale-price.tsx'
import { StockBadge } from './stock-badge.tsx'

export type ProductActions = (product: Produit) => ReactNode

const CARD_IMAGE_SIZES = IMAGE_SIZES.card

/** A card's title heading: one level below the heading of the list it sits in. */
export type CardTitleLevel = 2 | 3

export function ProductCard({
  product,
  actions,
  priority = false,
  titleLevel = 3,
}: {
  product: Produit
  actions?: ProductActions | undefined
  priority?: boolean
  titleLevel?: CardTitleLevel
}) {
  const Title = titleLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="card product-card h-100">
      <Link to={`/product/${product.id}`} className="product-card-link text-reset text-decoration-none">
        <ResponsiveImage
          src={product.image}
          srcSet={product.imagesrcset}
          alt=""
          width={320}
          height={320}
          sizes={CARD_IMAGE_SIZES}
          priority={priority}
          className="card-img-top product-card-image"
        />
        <div className="card-body pb-0">
          <Title className="product-card-title">{product.designation}</Title>
        </div>
      </Link>
      <div className="card-body pt-1 d-flex flex-column justify-content-end gap-2">
        <StockBadge quantite={product.quantite} />
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-1">
          <span>
            {/* Several variants at several prices (ADR 053 §5): the lowest, said as such. */}
            {product.a_partir_de && <span className="small text-body-secondary">à partir de </span>}
            <span className="product-price">{product.prixformat}</span> <SalePrice prix={product.prix} prixInitial={product.prix_initial} />
          </span>
          {actions && <span className="d-flex gap-1 ms-auto">{actions(product)}</span>}
        </div>
      </div>
    </article>
  )
}
