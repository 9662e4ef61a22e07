// One error handler for the whole REST side: French messages, field names for bad input,
// the right 4xx for malformed or oversized bodies, and nothing internal on a 5xx.
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { MESSAGES } from '@teranga/shared/server-messages'
import { AppError, type FieldErrors } from '../lib/errors.ts'

export const BY_FASTIFY_CODE: Readonly<Record<string, { status: number; message: string }>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: MESSAGES.invalidInput },
}

/**
 * Errors Fastify answers before any route runs (a malformed or over-long URL component):
 * the same French `{message}` as every other error.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, _request, anyReply) => {
  const reply = anyReply as unknown as FastifyReply
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send({ message: MESSAGES.uriTooLong })
  if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ message: MESSAGES.badUrl })
  return reply.status(500).send({ message: MESSAGES.internalError })
}

/** Requests Node's HTTP parser refuses (431 headers too large, 414, 400 malformed), in French too. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'HPE_URI_TOO_LONG' ? 414 : 400
  const message = status === 414 ? MESSAGES.uriTooLong : status === 431 ? MESSAGES.bodyTooLarge : MESSAGES.invalidInput
  const body = JSON.stringify({ message })
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 414 ? 'URI Too Long' : 'Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}

async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.details ? { details: error.details } : {}),
      })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {}
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body')
        ;(errors[field] ??= []).push(issue.message ?? MESSAGES.invalidInput)
      }
      return reply.status(400).send({ message: MESSAGES.invalidInput, errors })
    }
    const known = error.code ? BY_FASTIFY_CODE[error.code] : undefined
    if (known) return reply.status(known.status).send({ message: known.message })
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error')
      return reply.status(error.statusCode).send({ message: MESSAGES.invalidInput })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send({ message: MESSAGES.internalError })
  })
}

export default fp(errorHandler, { name: 'error-handler' })
