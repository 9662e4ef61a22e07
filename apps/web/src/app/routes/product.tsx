// The product page /product/{id}: the product with its purchase controls, similar products,
// and a visit counted toward the most-viewed list. An unknown product gets the not-found page.
import { useParams } from 'react-router'
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

export const productHandle: RouteHandle = {
  serverData: ({ params }) => {
    const id = positiveIntParam(params.id)
    return id ? [getProductQueryOptions(id, 'anon'), getSimilarProductsQueryOptions(id, 'anon')] : []
  },
  // A pasted link shows the product's photo, name and price; engines read its Product data.
  meta: ({ params, queryClient }) => {
    const id = positiveIntParam(params.id)
    const product = id ? queryClient.getQueryData(getProductQueryOptions(id, 'anon').queryKey) : null
    if (product === undefined) return undefined
    if (!product) return { title: 'Produit introuvable', noindex: true }
    const image = previewImage(product.image, product.imagesrcset)
    return {
      title: product.designation,
      description: plainText(product.description) ?? `${product.designation}, ${product.souscategorie.designation.toLowerCase()} livré à Dakar ou à retirer en dépôt.`,
      image,
      canonical: `/product/${product.id}`,
      product: {
        name: product.designation,
        sku: product.code,
        description: plainText(product.description, 5000) ?? null,
        image,
        price: product.prix,
        inStock: product.quantite > 0,
        category: product.souscategorie.designation,
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

export function ProductRoute() {
  const id = Number(useParams().id)
  const valid = Number.isInteger(id) && id > 0
  const product = useProduct(id)
  useRecordView(id, valid && Boolean(product.data))
  // The route's own title (a parent's effect runs after its child's, the not-found page's).
  useDocumentTitle(product.data ? product.data.designation : product.data === null || !valid ? 'Produit introuvable' : undefined)

  if (!valid) return <ProductMissing />
  if (product.isError) return <ErrorAlert message={product.error.message || MESSAGES.productsLoadError} onRetry={() => void product.refetch()} />
  if (product.isPending) return <Spinner />
  if (!product.data) return <ProductMissing />
  return (
    <>
      <ProductDetails
        product={product.data}
        purchase={
          <>
            <PurchaseForm product={product.data}>
              <FavouriteButton product={product.data} withText />
            </PurchaseForm>
            <ShareOnWhatsApp product={product.data} />
          </>
        }
      />
      <SimilarProducts produitId={id} />
    </>
  )
}
