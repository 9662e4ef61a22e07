// One error handler for the whole REST side: French messages, field names for bad input,
// the right 4xx for malformed or oversized bodies, and nothing internal on a 5xx.
import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { MESSAGES } from '@teranga/shared/messages'
import { AppError, type FieldErrors } from '../lib/errors.ts'

const BY_FASTIFY_CODE: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: MESSAGES.invalidInput },
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
