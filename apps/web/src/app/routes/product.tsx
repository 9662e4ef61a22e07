// The product page /product/{id}: the product with its purchase controls, similar products,
// and a visit counted toward the most-viewed list. An unknown product gets the not-found page.
// `?variante=31` names the chosen variant (ADR 053 §5): read on the server too, replaced (no
// history entry) at each choice; an unknown or withdrawn one is the first in stock.
import { useCallback } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { MESSAGES } from '@teranga/shared/messages'
import { ProductGrid } from '@/components/product/product-grid.tsx'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { positiveIntParam } from '@teranga/shared/storefront-queries'
import { getProductQueryOptions, useProduct } from '@/features/catalogue/api/get-product.ts'
import { getSimilarProductsQueryOptions, useSimilarProducts } from '@/features/catalogue/api/get-similar-products.ts'
import { useRecordView } from '@/features/catalogue/api/record-view.ts'
import { ProductDetails } from '@/features/catalogue/components/product-details.tsx'
import { ShareOnWhatsApp } from '@/features/catalogue/components/share-on-whatsapp.tsx'
import { PurchaseForm } from '@/features/cart/components/purchase-form.tsx'
import { FavouriteButton } from '@/features/favourites/components/favourite-button.tsx'
import { productActions } from '../product-actions.tsx'
import { NotFoundPage } from './not-found.tsx'
import { useDocumentTitle } from '@/lib/use-document-title.ts'
import { plainText, previewImage } from '../page-meta.ts'
import type { RouteHandle } from '../server-data.ts'
import type { Produit, Variante } from '@teranga/shared/storefront-answers'
import { chooseVariant } from '@/lib/variants.ts'

const productUrl = (product: Produit, variant?: Variante) => `/product/${product.id}${variant ? `?variante=${variant.id}` : ''}`

export const productHandle: RouteHandle = {
  serverData: ({ params }) => {
    const id = positiveIntParam(params.id)
    return id ? [getProductQueryOptions(id, 'anon'), getSimilarProductsQueryOptions(id, 'anon')] : []
  },
  // The chosen variant is drawn from the address, not from the data: a page of its own.
  view: ({ searchParams }) => {
    const variante = positiveIntParam(searchParams.get('variante'))
    return variante ? `variante=${variante}` : undefined
  },
  // A pasted link shows the product's photo, name and the chosen variant's price; engines read
  // its Product data, one offer per variant; the canonical address names no variant.
  meta: ({ params, searchParams, queryClient }) => {
    const id = positiveIntParam(params.id)
    const product = id ? queryClient.getQueryData(getProductQueryOptions(id, 'anon').queryKey) : null
    if (product === undefined) return undefined
    if (!product) return { title: 'Produit introuvable', noindex: true }
    const variant = chooseVariant(product, positiveIntParam(searchParams.get('variante')))
    const image = previewImage(variant.image ?? product.image, variant.image ? variant.imagesrcset : product.imagesrcset)
    const variants = product.variantes ?? []
    return {
      title: product.designation,
      description: plainText(product.description) ?? `${product.designation}, ${product.souscategorie.designation.toLowerCase()} livré à Dakar ou à retirer en dépôt.`,
      image,
      canonical: productUrl(product),
      product: {
        name: product.designation,
        sku: product.code,
        description: plainText(product.description, 5000) ?? null,
        image,
        price: variant.prix,
        inStock: variant.quantite > 0,
        category: product.souscategorie.designation,
        ...(variants.length > 1
          ? { offers: variants.map((v) => ({ sku: v.code, name: v.designation, price: v.prix, inStock: v.quantite > 0, url: productUrl(product, v) })) }
          : {}),
      },
    }
  },
}

/** The spec's not-found page (status 404 from the server), saying what is missing. */
function ProductMissing() {
  return <NotFoundPage title="Produit introuvable">{MESSAGES.productMissing}</NotFoundPage>
}

function SimilarProducts({ produitId }: { produitId: number }) {
  const similar = useSimilarProducts(produitId)
  return (
    <section aria-labelledby="similaires-title" className="mt-5">
      <h2 id="similaires-title" className="section-title">
        Produits similaires
      </h2>
      <ProductGrid
        products={similar.data?.data}
        isPending={similar.isPending}
        isError={similar.isError}
        errorMessage={MESSAGES.productsLoadError}
        emptyMessage="Pas d'autre produit dans cette catégorie pour le moment."
        onRetry={() => void similar.refetch()}
        actions={productActions}
        columns="row-cols-2 row-cols-md-3 row-cols-xl-6"
      />
    </section>
  )
}

/** The variant the address names (else the first in stock), and choosing one replaces the address. */
function useChosenVariant(product: Produit | null | undefined) {
  const [searchParams, setSearchParams] = useSearchParams()
  const requested = positiveIntParam(searchParams.get('variante'))
  const variant = product ? chooseVariant(product, requested) : undefined
  const choose = useCallback(
    (next: Variante) =>
      setSearchParams(
        (params) => {
          const kept = new URLSearchParams(params)
          kept.set('variante', String(next.id))
          return kept
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearchParams],
  )
  return { variant, choose }
}

export function ProductRoute() {
  const id = Number(useParams().id)
  const valid = Number.isInteger(id) && id > 0
  const product = useProduct(id)
  const { variant, choose } = useChosenVariant(product.data)
  useRecordView(id, valid && Boolean(product.data))
  // The route's own title (a parent's effect runs after its child's, the not-found page's).
  useDocumentTitle(product.data ? product.data.designation : product.data === null || !valid ? 'Produit introuvable' : undefined)

  if (!valid) return <ProductMissing />
  if (product.isError) return <ErrorAlert message={product.error.message || MESSAGES.productsLoadError} onRetry={() => void product.refetch()} />
  if (product.isPending) return <Spinner />
  if (!product.data || !variant) return <ProductMissing />
  return (
    <>
      <ProductDetails
        product={product.data}
        variant={variant}
        onChoose={choose}
        purchase={
          <>
            {/* Keyed by variant: the quantity starts again at 1 for another size. */}
            <PurchaseForm key={variant.id} product={product.data} variant={variant}>
              <FavouriteButton product={product.data} withText />
            </PurchaseForm>
            {/* The chosen variant: its name and price. */}
            <ShareOnWhatsApp product={{ id: product.data.id, designation: variant.designation, prix: variant.prix }} />
          </>
        }
      />
      <SimilarProducts produitId={id} />
    </>
  )
}
