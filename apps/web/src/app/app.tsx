// The storefront: providers around the router.
import { useEffect, useState } from 'react'
import { RouterProvider } from 'react-router'
import { createQueryClient } from '@/lib/query-client.ts'
import { AppProvider } from './provider.tsx'
import { createRouter } from './router.tsx'

export function App() {
  const [queryClient] = useState(createQueryClient)
  const [router] = useState(createRouter)
  // Tells scripts (and the end-to-end tests) that the page now responds to input.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  )
}
