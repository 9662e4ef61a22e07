// The not-found page of spec §2 (heading 404, 'Oops! Page not found.', 'Return to Home'),
// shown for unknown paths and for a product, category or order that does not exist (with a
// French line saying which), answered with status 404 by the server (response-status.ts);
// the routing error goes to the console. A screen whose code
// failed to download gets a French message and a way to retry instead of a blank page.
import { useEffect, type ReactNode } from 'react'
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router'
import { MESSAGES } from '@teranga/shared/messages'
import { useDocumentTitle } from '@/lib/use-document-title.ts'
import { useNotFoundStatus } from '../response-status.ts'

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically|preload/i.test(error.message)
}

/** The spec's not-found page; `title` is the tab's, `children` what is missing, in French. */
export function NotFoundPage({ title = 'Page introuvable', children }: { title?: string; children?: ReactNode }) {
  useDocumentTitle(title)
  useNotFoundStatus()
  return (
    <div className="text-center py-5">
      <h1 className="display-1 fw-bold">404</h1>
      <p className="fs-4">Oops! Page not found.</p>
      {children && <p>{children}</p>}
      <Link to="/" className="btn btn-primary">
        Return to Home
      </Link>
    </div>
  )
}

/** The route of every path no other route knows. */
export function NotFoundRoute() {
  const { pathname } = useLocation()
  useEffect(() => {
    console.error(new Error(`No route matches URL "${pathname}"`))
  }, [pathname])
  return <NotFoundPage />
}

export function RouteError() {
  const error = useRouteError()
  useEffect(() => {
    console.error(error)
  }, [error])
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  return (
    <div className="text-center py-5" role="alert">
      <h1 className="h3">Un problème est survenu</h1>
      <p>{isChunkLoadError(error) ? MESSAGES.pageLoadError : MESSAGES.internalError}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Réessayer
      </button>
    </div>
  )
}
