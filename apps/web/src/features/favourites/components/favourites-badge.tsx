// The header's favourites link with its count: '...' while loading, '!' on error, 0 when
// signed out (spec §2). The list is only fetched when signed in (spec §4).
import { Link } from 'react-router'
import { Icon } from '@/components/ui/icon.tsx'
import { useAuth } from '@/lib/auth.tsx'
import { useFavourites } from '../api/favourites-api.ts'

/** What follows the number for a screen reader: its unit, or what '...' and '!' mean. */
function countWords(count: string): string {
  if (count === '...') return ' (chargement)'
  if (count === '!') return ' (liste indisponible)'
  return Number(count) > 1 ? ' produits' : ' produit'
}

export function FavouritesBadge() {
  const { state } = useAuth()
  const signedIn = state.status === 'signedIn'
  const favourites = useFavourites(signedIn)
  const count = !signedIn ? (state.status === 'loading' ? '...' : '0') : favourites.isError ? '!' : favourites.isPending ? '...' : String(favourites.data.metadata.total)
  return (
    // Named by its text, as the cart button is, « Mes favoris, 3 produits »: the name holds the
    // number shown (axe's label-content-name-mismatch with « Mes favoris (3) » beside « 3 »).
    <Link to="/profile/favorite" className="btn btn-link header-icon position-relative">
      <Icon name="heart" size={24} />
      <span className="visually-hidden">Mes favoris, </span>
      <span className="badge rounded-pill text-bg-danger header-badge">{count}</span>
      <span className="visually-hidden">{countWords(count)}</span>
    </Link>
  )
}
