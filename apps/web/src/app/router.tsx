// The routes of spec §2 inside the shell. Home and product pages are in the first bundle
// (shoppers land on them); the others load on demand. Unknown paths get the 404 page inside
// the shell (the server answers them with status 404). A route's `handle.serverData` names the
// data its page shows first, which the server embeds (server-data.ts).
import { createBrowserRouter, type RouteObject } from 'react-router'
import { getPreferencesQueryOptions } from '@/features/catalogue/api/get-catalogue-reference.ts'
import { Shell } from './shell/shell.tsx'
import { homeHandle, HomeRoute } from './routes/home.tsx'
import { productHandle, ProductRoute } from './routes/product.tsx'
import { NotFoundRoute, RouteError } from './routes/not-found.tsx'
import type { RouteHandle } from './server-data.ts'

// The header's logo and promotions, on every page.
const shellHandle: RouteHandle = { serverData: () => [getPreferencesQueryOptions()] }

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    handle: shellHandle,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeRoute />, handle: homeHandle },
          { path: 'product/:id', element: <ProductRoute />, handle: productHandle },
          {
            path: 'product_bycat/:id',
            lazy: () => import('./routes/product-by-category.tsx').then((m) => ({ Component: m.ProductByCategoryRoute, handle: m.handle })),
          },
          // The shop's grids and the search results (issue 19 §2).
          { path: 'shop', lazy: () => import('./routes/catalogue-pages.tsx').then((m) => ({ Component: m.ShopRoute, handle: m.shopHandle })) },
          { path: 'promotions', lazy: () => import('./routes/catalogue-pages.tsx').then((m) => ({ Component: m.PromotionsRoute, handle: m.promotionsHandle })) },
          { path: 'nouveautes', lazy: () => import('./routes/catalogue-pages.tsx').then((m) => ({ Component: m.NouveautesRoute, handle: m.nouveautesHandle })) },
          { path: 'best-sellers', lazy: () => import('./routes/catalogue-pages.tsx').then((m) => ({ Component: m.BestSellersRoute, handle: m.bestSellersHandle })) },
          { path: 'recherche', lazy: () => import('./routes/search-results.tsx') },
          { path: 'cart', lazy: () => import('./routes/cart.tsx') },
          { path: 'faq', lazy: () => import('./routes/faq.tsx') },
          { path: 'cgv', lazy: () => import('./routes/cgv.tsx') },
          { path: 'contact', lazy: () => import('./routes/contact.tsx') },
          { path: 'informations-livraison', lazy: () => import('./routes/informations-livraison.tsx') },
          { path: 'signup', lazy: () => import('./routes/signup.tsx') },
          {
            path: 'profile',
            lazy: () => import('./routes/profile-layout.tsx'),
            children: [
              { index: true, lazy: () => import('./routes/profile-layout.tsx').then((m) => ({ Component: m.ProfileIndex })) },
              { path: 'account', lazy: () => import('./routes/profile-account.tsx') },
              { path: 'delivery_address', lazy: () => import('./routes/profile-addresses.tsx') },
              { path: 'orders', lazy: () => import('./routes/profile-orders.tsx') },
              { path: 'recompenses', lazy: () => import('./routes/profile-rewards.tsx') },
              { path: 'favorite', lazy: () => import('./routes/profile-favorites.tsx') },
              { path: 'profileparam', lazy: () => import('./routes/profile-settings.tsx') },
            ],
          },
          {
            path: 'livraison',
            lazy: () => import('./routes/livraison.tsx'),
            children: [
              { index: true, lazy: () => import('./routes/livraison.tsx').then((m) => ({ Component: m.LivraisonIndex })) },
              { path: 'addresse', lazy: () => import('./routes/livraison-addresse.tsx') },
              { path: 'modelivraison', lazy: () => import('./routes/livraison-modelivraison.tsx') },
            ],
          },
          { path: 'paiement', lazy: () => import('./routes/paiement.tsx') },
          { path: 'suivi/:numero', lazy: () => import('./routes/suivi.tsx') },
          { path: 'success', lazy: () => import('./routes/order-result.tsx').then((m) => ({ Component: m.SuccessRoute })) },
          { path: 'failed', lazy: () => import('./routes/order-result.tsx').then((m) => ({ Component: m.FailedRoute })) },
          { id: 'not-found', path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
]

export const createRouter = () => createBrowserRouter(routes)
