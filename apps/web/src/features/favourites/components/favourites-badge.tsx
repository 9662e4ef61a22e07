// The header's favourites link with its count: '...' while loading, '!' on error, 0 when
// signed out (spec §2). The list is only fetched when signed in (spec §4).
import { Link } from 'react-router'
import { Icon } from '@/components/ui/icon.tsx'
import { useAuth } from '@/lib/auth.tsx'
import { useFavourites } from '../api/favourites-api.ts'

export function FavouritesBadge() {
  const { state } = useAuth()
  const signedIn = state.status === 'signedIn'
  const favourites = useFavourites(signedIn)
  const count = !signedIn ? (state.status === 'loading' ? '...' : '0') : favourites.isError ? '!' : favourites.isPending ? '...' : String(favourites.data.metadata.total)
  return (
    <Link to="/profile/favorite" className="btn btn-link header-icon position-relative" aria-label={`Mes favoris (${count})`}>
      <Icon name="heart" size={24} />
      <span className="badge rounded-pill text-bg-danger header-badge" aria-hidden="true">
        {count}
      </span>
    </Link>
  )
}
