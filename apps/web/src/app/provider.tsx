// What every page shares outside the router: the query cache and who is signed in.
// (The cart lives inside the router, in the shell, because its panel and dialog link to pages.)
import type { ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { AuthProvider, type Reload } from '@/lib/auth.tsx'

export function AppProvider({ queryClient, children, onReload }: { queryClient: QueryClient; children: ReactNode; onReload?: Reload }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider {...(onReload ? { onReload } : {})}>{children}</AuthProvider>
    </QueryClientProvider>
  )
}
