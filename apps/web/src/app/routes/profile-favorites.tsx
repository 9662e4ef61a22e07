// /profile/favorite: the customer's favourites, all of them, page by page. Visitors see the
// sign-in form instead.
import { positiveIntParam } from '@teranga/shared/storefront-queries'
import { useSearchParams } from 'react-router'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useAuth } from '@/lib/auth.tsx'
import { LoginForm } from '@/features/auth/components/login-form.tsx'
import { FavouriteProducts } from '@/features/favourites/components/favourite-products.tsx'
import { productActions } from '../product-actions.tsx'
import { useDocumentTitle } from '@/lib/use-document-title.ts'

export function Component() {
  useDocumentTitle('Mes favoris')
  const { state } = useAuth()
  const [params, setParams] = useSearchParams()
  const page = positiveIntParam(params.get('page')) ?? 1
  return (
    <>
      <h1 className="h3 mb-3">Mes favoris</h1>
      {state.status === 'loading' ? (
        <Spinner />
      ) : state.status === 'signedOut' ? (
        <div className="mx-auto" style={{ maxWidth: '24rem' }}>
          <p>Connectez-vous pour voir vos favoris.</p>
          <LoginForm idPrefix="page-login" />
        </div>
      ) : (
        <FavouriteProducts page={page} onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {})} actions={productActions} />
      )}
    </>
  )
}
