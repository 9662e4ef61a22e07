// The header on every page (spec §2): logo from the preferences, search, user menu,
// favourites and cart; on small screens a button opens the side menu 'Menu'.
import { Link } from 'react-router'
import { Icon } from '@/components/ui/icon.tsx'
import { UserMenu } from '@/features/auth/components/user-menu.tsx'
import { CartButton } from '@/features/cart/components/cart-button.tsx'
import { usePreferences } from '@/features/catalogue/api/get-catalogue-reference.ts'
import { FavouritesBadge } from '@/features/favourites/components/favourites-badge.tsx'
import { SearchBox } from '@/features/search/components/search-box.tsx'

export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { data: preferences } = usePreferences()
  return (
    <header className="site-header border-bottom bg-white sticky-top">
      <div className="container-xxl d-flex flex-wrap align-items-center gap-1 gap-sm-2 py-2">
        <button type="button" className="btn btn-link header-icon d-lg-none" aria-label="Ouvrir le menu" onClick={onOpenMenu}>
          <Icon name="list" size={28} />
        </button>
        <Link to="/" className="site-logo d-flex align-items-center gap-2 text-decoration-none me-auto me-lg-3" aria-label="Teranga, accueil">
          {preferences?.logo ? (
            <img src={preferences.logo} srcSet={preferences.logosrcset ?? undefined} sizes="40px" alt="" width={36} height={36} />
          ) : (
            <span className="site-logo-placeholder" aria-hidden="true" />
          )}
          <span className="site-name">Teranga</span>
        </Link>
        <div className="header-search order-last order-lg-0 flex-grow-1">
          <SearchBox />
        </div>
        <nav className="d-flex align-items-center" aria-label="Mon espace">
          <UserMenu />
          <FavouritesBadge />
          <CartButton />
        </nav>
      </div>
    </header>
  )
}
