// The server's 400 answer names the fields in error (`errors: {field: [messages]}`): the first
// message of each field a form shows, so it can sit under that field.
import { ApiError } from './api-client.ts'

export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {}
  if (!(error instanceof ApiError) || !error.errors) return found
  for (const field of fields) {
    const first = error.errors[field]?.[0]
    if (first) found[field] = first
  }
  return found
}

/** A toast's text: the shop's message, then the server's reason when there is one. */
export function withReason(message: string, error: unknown): string {
  return error instanceof Error && error.message ? `${message} : ${error.message}` : message
}
