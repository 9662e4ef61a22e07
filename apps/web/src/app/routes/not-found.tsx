// The not-found page of spec §2 (heading 404, 'Oops! Page not found.', 'Return to Home'),
// shown for unknown paths; the routing error goes to the console. A screen whose code
// failed to download gets a French message and a way to retry instead of a blank page.
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { MESSAGES } from '@teranga/shared/messages'

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically|preload/i.test(error.message)
}

export function RouteError() {
  const error = useRouteError()
  console.error(error)
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="text-center py-5">
        <title>Page introuvable — Teranga</title>
        <h1 className="display-1 fw-bold">404</h1>
        <p className="fs-4">Oops! Page not found.</p>
        <Link to="/" className="btn btn-primary">
          Return to Home
        </Link>
      </div>
    )
  }
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

/** A path no route knows: a 404 for the error boundary above. */
export function notFoundLoader(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's way to raise a 404
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' })
}
