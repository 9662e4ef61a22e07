// The page frame of spec §2: header, the page, footer, the cart's panel and add-to-cart
// dialog over the page, and the toasts, top-right, closing after 5 s.
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import { Outlet, ScrollRestoration } from 'react-router'
import { toastRequests } from '@/lib/notify.ts'
import { HostLoginListener } from '@/features/auth/components/host-login-listener.tsx'
import { CartProvider } from '@/features/cart/components/cart-provider.tsx'
import { OfflineBanner } from '@/features/offline/components/offline-banner.tsx'
import { UpdatePrompt } from '@/features/offline/components/update-prompt.tsx'
import { CartOverlays } from './cart-overlays.tsx'
import { Footer } from './footer.tsx'
import { Header } from './header.tsx'

const SideMenu = lazy(() => import('./side-menu.tsx'))
const Toaster = lazy(() => import('./toaster.tsx'))

export function Shell() {
  const [menuOpen, setMenuOpen] = useState(false)
  const [menuMounted, setMenuMounted] = useState(false)
  const toasts = useSyncExternalStore(toastRequests.subscribe, toastRequests.requested, toastRequests.requested)
  // The service worker of the built shop (docs/decisions/032), registered once the page is up.
  useEffect(() => {
    if (import.meta.env.PROD) void import('@/features/offline/register-worker.ts').then((m) => m.registerWorkerWhenIdle())
  }, [])
  return (
    <CartProvider>
      <a href="#contenu" className="visually-hidden-focusable skip-link">
        Aller au contenu
      </a>
      <Header
        onOpenMenu={() => {
          setMenuMounted(true)
          setMenuOpen(true)
        }}
      />
      <main id="contenu" className="container-xxl py-3" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <HostLoginListener />
      <CartOverlays />
      <OfflineBanner />
      <UpdatePrompt />
      {menuMounted && (
        <Suspense fallback={null}>
          <SideMenu show={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
      {toasts && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
      <ScrollRestoration />
    </CartProvider>
  )
}
