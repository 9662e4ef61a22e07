// The routes of spec §2 inside the shell. Home and product pages are in the first bundle
// (shoppers land on them); the others load on demand. Unknown paths get the 404 page inside
// the shell (the server answers them with status 404).
import { createBrowserRouter, type RouteObject } from 'react-router'
import { Shell } from './shell/shell.tsx'
import { HomeRoute } from './routes/home.tsx'
import { ProductRoute } from './routes/product.tsx'
import { NotFoundRoute, RouteError } from './routes/not-found.tsx'

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'product/:id', element: <ProductRoute /> },
          {
            path: 'product_bycat/:id',
            lazy: () => import('./routes/product-by-category.tsx').then((m) => ({ Component: m.ProductByCategoryRoute })),
          },
          { path: 'cart', lazy: () => import('./routes/cart.tsx') },
          { path: 'faq', lazy: () => import('./routes/faq.tsx') },
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
          { path: 'success', lazy: () => import('./routes/order-result.tsx').then((m) => ({ Component: m.SuccessRoute })) },
          { path: 'failed', lazy: () => import('./routes/order-result.tsx').then((m) => ({ Component: m.FailedRoute })) },
          { id: 'not-found', path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
]

export const createRouter = () => createBrowserRouter(routes)
