// How a request is written to the log: Fastify's usual fields, with any `token` in the query
// string masked (the back office's event stream takes its bearer token as `?token=`, since
// EventSource cannot send headers).
import type { FastifyRequest } from 'fastify'

export const withoutQueryTokens = (url: string) => url.replace(/([?&]token=)[^&#]*/gi, '$1[masqué]')

export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutQueryTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}
