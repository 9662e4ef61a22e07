// The storefront: providers around the router.
import { useState } from 'react'
import { RouterProvider } from 'react-router'
import { createQueryClient } from '@/lib/query-client.ts'
import { AppProvider } from './provider.tsx'
import { createRouter } from './router.tsx'

export function App() {
  const [queryClient] = useState(createQueryClient)
  const [router] = useState(createRouter)
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  )
}
