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
          { path: 'profile/favorite', lazy: () => import('./routes/profile-favorites.tsx') },
          { id: 'not-found', path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
]

export const createRouter = () => createBrowserRouter(routes)
