// The account pages' menu: a list on the side, a row that scrolls sideways on phones.
import { NavLink } from 'react-router'

export const PROFILE_PAGES = [
  { path: '/profile/account', label: 'Mon compte' },
  { path: '/profile/delivery_address', label: 'Mes adresses' },
  { path: '/profile/orders', label: 'Mes achats' },
  { path: '/profile/recompenses', label: 'Mes récompenses' },
  { path: '/profile/favorite', label: 'Mes favoris' },
  { path: '/profile/profileparam', label: 'Paramètres' },
] as const

export function ProfileNav() {
  return (
    <nav aria-label="Mon espace client">
      <div className="list-group profile-nav">
        {PROFILE_PAGES.map((page) => (
          <NavLink key={page.path} to={page.path} className={({ isActive }) => `list-group-item list-group-item-action${isActive ? ' active' : ''}`}>
            {page.label}
          </NavLink>
        ))}
      </div>
    </nav>
  )
}
