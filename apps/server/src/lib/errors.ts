// Typed errors with an HTTP status, a GraphQL code and a French message. Routes and
// resolvers throw them; the central handlers turn them into answers and never leak more.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { MESSAGES } from '@teranga/shared/server-messages'

export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR'
  | 'BAD_GATEWAY'

export type FieldErrors = Record<string, string[]>

export class AppError extends Error {
  /** Extra machine-readable facts for the client (e.g. the stock still available). */
  details?: Record<string, unknown>

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message)
    this.name = 'AppError'
  }

  withDetails(details: Record<string, unknown>): this {
    this.details = details
    return this
  }
}

export const badInput = (message: string = MESSAGES.invalidInput, errors?: FieldErrors) =>
  new AppError(400, 'BAD_USER_INPUT', message, errors)
export const unauthenticated = (message: string = MESSAGES.unauthenticated) =>
  new AppError(401, 'UNAUTHENTICATED', message)
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, 'FORBIDDEN', message)
export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, 'NOT_FOUND', message)
export const conflict = (message: string, errors?: FieldErrors) => new AppError(409, 'CONFLICT', message, errors)
/** A service we depend on (a payment provider) failed or did not answer in time. */
export const badGateway = (message: string) => new AppError(502, 'BAD_GATEWAY', message)

/** Field errors of a zod failure, keyed by the dotted path of each field. */
export function fieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_'
    ;(errors[field] ??= []).push(issue.message)
  }
  return errors
}

/**
 * Answers `error` from a hook, before any route or resolver runs, in the shape its caller
 * reads: on /graphql, GraphQL's `{ data: null, errors }` with the code (and field errors) in
 * `extensions`, as the GraphQL error formatter gives them; elsewhere the error handler's
 * `{ message, errors }`.
 */
export function replyEarly(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const fields = error.errors ? { errors: error.errors } : {}
  const body = request.url.startsWith('/graphql')
    ? { data: null, errors: [{ message: error.message, extensions: { code: error.code, ...fields } }] }
    : { message: error.message, ...fields }
  return reply.status(error.statusCode).send(body)
}
