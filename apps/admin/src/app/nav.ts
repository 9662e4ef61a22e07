// The back-office's sections; the role decides which are shown (and the server checks again).
import type { Role } from '../lib/types.ts'

export interface NavItem {
  to: string
  label: string
  roles: Role[]
}

export const NAV: NavItem[] = [
  { to: '/', label: 'Accueil', roles: ['admin', 'gestionnaire'] },
  { to: '/commandes', label: 'Commandes', roles: ['admin', 'gestionnaire'] },
  { to: '/produits', label: 'Produits', roles: ['admin', 'gestionnaire'] },
  { to: '/clients', label: 'Clients', roles: ['admin', 'gestionnaire'] },
  { to: '/parametres', label: 'Paramètres', roles: ['admin'] },
  { to: '/livreurs', label: 'Livreurs', roles: ['admin'] },
  { to: '/equipe', label: 'Équipe', roles: ['admin'] },
  { to: '/journal', label: 'Journal', roles: ['admin'] },
]

export function navFor(role: Role): NavItem[] {
  return NAV.filter((item) => item.roles.includes(role))
}
