// How a request is written to the log: Fastify's usual fields, with the path alone and the
// names of its query's keys, never their values. A query carries what must stay out of the
// logs: the event stream's bearer `?token=` (EventSource cannot send headers), the back
// office's searches by a customer's email or phone, in whatever percent-encoding was sent.
import type { FastifyRequest } from 'fastify'

/** A key name worth logging: a word, as the routes name them (an email or a phone as a key is not). */
const KEY_NAME = /^[a-z][\w.[\]-]{0,39}$/i

/** The path of `url`, and the names of its query's keys (decoded; `…` for one that looks like data). */
export function loggedUrl(url: string): { url: string; query?: string[] } {
  const mark = url.indexOf('?')
  if (mark === -1) return { url }
  const names = new Set<string>()
  for (const name of new URLSearchParams(url.slice(mark + 1)).keys()) names.add(KEY_NAME.test(name) ? name : '…')
  return { url: url.slice(0, mark), query: [...names] }
}

export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    ...loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}
