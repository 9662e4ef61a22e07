// The HTTP status of a page the server renders: a page that draws the not-found page (an
// unknown address, or a product, category or order that does not exist) says so while it
// renders, and the server answers 404 instead of 200 (entry-server.tsx). In the browser there
// is no response to mark: the context is empty.
import { createContext, use } from 'react'

export interface ResponseStatus {
  status: number
}

export const ResponseStatusContext = createContext<ResponseStatus | null>(null)

/** Marks the response being rendered on the server as not found. */
export function useNotFoundStatus(): void {
  const response = use(ResponseStatusContext)
  // The server renders once per response, synchronously: the mark is read after renderToString.
  if (response) response.status = 404
}
