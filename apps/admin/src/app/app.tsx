// The back-office app: sign-in gate, then the layout (a side nav on desktop, an offcanvas nav
// on phones) around the pages the role may see.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { BrowserRouter, Link, MemoryRouter, Navigate, Route, Routes } from 'react-router'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Button, Spinner } from 'react-bootstrap'
import { AuthProvider, useAuth } from '../lib/auth.tsx'
import type { StaffMember } from '@teranga/shared/backoffice-staff'
import { STAFF_ROLE_LABELS } from '@teranga/shared/constants'
import { OrdersPage } from '../features/orders/orders-page.tsx'

// Every page but the orders list loads on demand: a phone on a slow line opens the list, the
// one page read at every visit, with the least script (the sign-in form, forms and charts later).
const SignInPage = lazy(() => import('../features/signin/sign-in-page.tsx').then((m) => ({ default: m.SignInPage })))
const ForbiddenPage = lazy(() => import('../features/signin/sign-in-page.tsx').then((m) => ({ default: m.ForbiddenPage })))
const HomePage = lazy(() => import('../features/home/home-page.tsx').then((m) => ({ default: m.HomePage })))
const OrderPage = lazy(() => import('../features/orders/order-page.tsx').then((m) => ({ default: m.OrderPage })))
const PreparationPage = lazy(() => import('../features/orders/preparation-page.tsx').then((m) => ({ default: m.PreparationPage })))
const SlipsPage = lazy(() => import('../features/orders/slips-page.tsx').then((m) => ({ default: m.SlipsPage })))
const ProductsPage = lazy(() => import('../features/products/products-page.tsx').then((m) => ({ default: m.ProductsPage })))
const ProductFormPage = lazy(() => import('../features/products/product-form-page.tsx').then((m) => ({ default: m.ProductFormPage })))
const ImportPage = lazy(() => import('../features/products/import-page.tsx').then((m) => ({ default: m.ImportPage })))
const CustomersPage = lazy(() => import('../features/people/customers-page.tsx').then((m) => ({ default: m.CustomersPage })))
const CustomerPage = lazy(() => import('../features/people/customer-page.tsx').then((m) => ({ default: m.CustomerPage })))
const PromoCodesPage = lazy(() => import('../features/promo-codes/promo-codes-page.tsx').then((m) => ({ default: m.PromoCodesPage })))
const CashPage = lazy(() => import('../features/cash/cash-page.tsx').then((m) => ({ default: m.CashPage })))
const ReportsPage = lazy(() => import('../features/reports/reports-page.tsx').then((m) => ({ default: m.ReportsPage })))
const CouriersPage = lazy(() => import('../features/couriers/couriers-page.tsx').then((m) => ({ default: m.CouriersPage })))
const StaffPage = lazy(() => import('../features/staff/staff-page.tsx').then((m) => ({ default: m.StaffPage })))
const AuditPage = lazy(() => import('../features/people/audit-page.tsx').then((m) => ({ default: m.AuditPage })))
const DeliveriesPage = lazy(() => import('../features/deliveries/deliveries-page.tsx').then((m) => ({ default: m.DeliveriesPage })))
const SettingsRoutes = lazy(() => import('../features/settings/settings-sections.tsx').then((m) => ({ default: m.SettingsRoutes })))
import { Links } from './nav-links.tsx'

// The toasts' container comes with the first lazy chunk rather than the entry (lib/notify.ts).
const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })))

const loadNavMenu = () => import('./nav-menu.tsx')
const NavMenu = lazy(loadNavMenu)

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } })
}

/** An admin-only page opened by a gestionnaire (a bookmark, a shared link): why, and the way back. */
function AdminOnlyPage() {
  return (
    <section className="py-3" aria-labelledby="admin-only-title">
      <h1 id="admin-only-title" className="h3 mb-3">
        Accès réservé aux administrateurs
      </h1>
      <p>Votre compte de gestionnaire donne accès aux commandes, aux produits et aux clients ; cette page-ci est réservée aux administrateurs de la boutique.</p>
      <p>Si vous en avez besoin, demandez à un administrateur de s'en charger ou de changer votre rôle.</p>
      <Link className="btn btn-primary" to="/">
        Retour à l'accueil
      </Link>
    </section>
  )
}

function NotFoundPage() {
  return (
    <section className="py-3">
      <h1 className="h3 mb-3">Cette page n'existe pas</h1>
      <Link to="/">Retour à l'accueil</Link>
    </section>
  )
}

function Layout({ staff }: { staff: StaffMember }) {
  const { signOut } = useAuth()
  const [open, setOpen] = useState(false)
  // Mounted from the first tap on, and fetched once the page is idle so that the tap finds it here.
  const [menuWanted, setMenuWanted] = useState(false)
  useEffect(() => {
    const id = setTimeout(() => void loadNavMenu(), 2000)
    return () => clearTimeout(id)
  }, [])
  const admin = staff.role === 'admin'
  // Admin-only routes exist for every role, so that a gestionnaire is told why, not « not found ».
  const adminOnly = (page: ReactNode) => (admin ? page : <AdminOnlyPage />)
  return (
    <div className="admin-shell">
      <header className="admin-topbar no-print">
        <Button
          variant="outline-light"
          size="sm"
          className="d-lg-none"
          aria-controls="admin-nav"
          aria-expanded={open}
          onClick={() => {
            setMenuWanted(true)
            setOpen(true)
          }}
        >
          Menu
        </Button>
        <span className="fw-bold">Teranga · back-office</span>
        <span className="ms-auto small d-none d-sm-inline">
          {staff.prenom || staff.email} ({STAFF_ROLE_LABELS[staff.role].toLowerCase()})
        </span>
        <Button variant="outline-light" size="sm" onClick={() => void signOut()}>
          Se déconnecter
        </Button>
      </header>
      <nav className="admin-sidenav d-none d-lg-block no-print" aria-label="Navigation principale">
        <Links staff={staff} />
      </nav>
      {menuWanted && (
        <Suspense fallback={null}>
          <NavMenu staff={staff} show={open} onHide={() => setOpen(false)} />
        </Suspense>
      )}
      <main className="admin-main">
        <Suspense fallback={<Spinner animation="border" role="status" aria-label="Chargement" />}>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/commandes" element={<OrdersPage />} />
          <Route path="/commandes/:numero" element={<OrderPage />} />
          <Route path="/commandes/:numero/preparation" element={<PreparationPage />} />
          <Route path="/bons" element={<SlipsPage />} />
          <Route path="/produits" element={<ProductsPage />} />
          <Route path="/produits/import" element={adminOnly(<ImportPage />)} />
          <Route path="/produits/:id" element={<ProductFormPage />} />
          <Route path="/clients" element={<CustomersPage />} />
          <Route path="/clients/:id" element={<CustomerPage />} />
          <Route path="/codes-promo" element={<PromoCodesPage />} />
          <Route path="/caisse" element={<CashPage />} />
          <Route path="/rapports" element={adminOnly(<ReportsPage />)} />
          <Route path="/parametres/*" element={adminOnly(<SettingsRoutes />)} />
          <Route path="/livreurs" element={adminOnly(<CouriersPage />)} />
          <Route path="/equipe" element={adminOnly(<StaffPage />)} />
          <Route path="/journal" element={adminOnly(<AuditPage />)} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
        </Suspense>
      </main>
    </div>
  )
}

/**
 * A courier's back office (issue 25 §3): « Mes livraisons » alone, on their phone; any other
 * address leads there (the server refuses them every other route anyway).
 */
function CourierLayout({ staff }: { staff: StaffMember }) {
  const { signOut } = useAuth()
  return (
    <div className="admin-shell">
      <header className="admin-topbar no-print">
        <span className="fw-bold">Teranga · livraisons</span>
        <span className="ms-auto small d-none d-sm-inline">{staff.prenom || staff.email} (livreur)</span>
        <Button variant="outline-light" size="sm" className="ms-auto ms-sm-0" onClick={() => void signOut()}>
          Se déconnecter
        </Button>
      </header>
      <main className="admin-main">
        <Suspense fallback={<Spinner animation="border" role="status" aria-label="Chargement" />}>
          <Routes>
            <Route path="/livraisons" element={<DeliveriesPage />} />
            <Route path="*" element={<Navigate to="/livraisons" replace />} />
          </Routes>
        </Suspense>
      </main>
    </div>
  )
}

function Loading() {
  return (
    <main className="d-flex justify-content-center py-5">
      <Spinner animation="border" role="status" aria-label="Chargement" />
    </main>
  )
}

function Gate() {
  const { state } = useAuth()
  if (state.status === 'loading') return <Loading />
  if (state.status === 'signedOut' || state.status === 'forbidden')
    return <Suspense fallback={<Loading />}>{state.status === 'signedOut' ? <SignInPage /> : <ForbiddenPage />}</Suspense>
  return state.staff.role === 'livreur' ? <CourierLayout staff={state.staff} /> : <Layout staff={state.staff} />
}

export function Providers({ children, client }: { children: ReactNode; client: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>{children}</AuthProvider>
      <Suspense fallback={null}>
        <ToastContainer position="bottom-center" autoClose={4000} closeButton aria-label="Notifications" />
      </Suspense>
    </QueryClientProvider>
  )
}

export function App({ client = createQueryClient(), initialUrl }: { client?: QueryClient; initialUrl?: string }) {
  return (
    <Providers client={client}>
      {initialUrl ? (
        <MemoryRouter initialEntries={[initialUrl]}>
          <Gate />
        </MemoryRouter>
      ) : (
        <BrowserRouter basename="/admin">
          <Gate />
        </BrowserRouter>
      )}
    </Providers>
  )
}
