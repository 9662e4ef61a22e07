// The shop's grids (issue 19 §2), linked from the footer and the side menu alike (issue 23).
export const SHOP_GRID_LINKS = [
  { href: '/shop', label: 'Boutique' },
  { href: '/promotions', label: 'Promotions' },
  { href: '/nouveautes', label: 'Nouveautés' },
  { href: '/best-sellers', label: 'Meilleures ventes' },
] as const
