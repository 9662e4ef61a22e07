// The back-office's sections; the role decides which are shown (and the server checks again).
import type { StaffRole } from '@teranga/shared/constants'

export interface NavItem {
  to: string
  label: string
  roles: StaffRole[]
}

export const NAV: NavItem[] = [
  { to: '/', label: 'Accueil', roles: ['admin', 'gestionnaire'] },
  { to: '/commandes', label: 'Commandes', roles: ['admin', 'gestionnaire'] },
  { to: '/produits', label: 'Produits', roles: ['admin', 'gestionnaire'] },
  { to: '/clients', label: 'Clients', roles: ['admin', 'gestionnaire'] },
  { to: '/codes-promo', label: 'Codes promo', roles: ['admin', 'gestionnaire'] },
  { to: '/caisse', label: 'Caisse', roles: ['admin', 'gestionnaire'] },
  { to: '/rapports', label: 'Rapports', roles: ['admin'] },
  { to: '/parametres', label: 'Paramètres', roles: ['admin'] },
  { to: '/livreurs', label: 'Livreurs', roles: ['admin'] },
  { to: '/equipe', label: 'Équipe', roles: ['admin'] },
  { to: '/journal', label: 'Journal', roles: ['admin'] },
  // A courier sees this page alone (issue 25 §3).
  { to: '/livraisons', label: 'Mes livraisons', roles: ['livreur'] },
]

export function navFor(role: StaffRole): NavItem[] {
  return NAV.filter((item) => item.roles.includes(role))
}
