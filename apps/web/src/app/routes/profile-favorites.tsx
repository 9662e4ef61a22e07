// /profile/favorite: the customer's favourites, all of them, page by page (the profile
// layout shows visitors the sign-in form instead).
import { positiveIntParam } from '@teranga/shared/storefront-queries'
import { useSearchParams } from 'react-router'
import { FavouriteProducts } from '@/features/favourites/components/favourite-products.tsx'
import { productActions } from '../product-actions.tsx'
import type { ProfilePageHandle } from './profile-layout.tsx'

export const handle: ProfilePageHandle = { title: 'Mes favoris', signInPrompt: 'Connectez-vous pour voir vos favoris.' }

export function Component() {
  const [params, setParams] = useSearchParams()
  const page = positiveIntParam(params.get('page')) ?? 1
  return (
    <FavouriteProducts
      page={page}
      onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
      actions={productActions}
      titleLevel={2}
    />
  )
}
