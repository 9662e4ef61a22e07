// Refuses, once for every route, text the database cannot store as sent: a NUL byte (a 500
// from PostgreSQL otherwise) or half of a UTF-16 surrogate pair (silently mangled). Bodies,
// query strings and path parameters are checked before any schema, route or resolver runs;
// the answer names the field (REST: DESIGN's `{message, errors}`; GraphQL: BAD_USER_INPUT).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { MESSAGES } from '@teranga/shared/server-messages'
import { isStorableText } from '@teranga/shared/schemas'
import { badInput, replyEarly } from '../lib/errors.ts'

/** The path (`a.b.0`) of the first string, or object key, the database could not store. */
export function unstorableField(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = unstorableField(item, path ? `${path}.${i}` : String(i))
      if (found !== undefined) return found
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key
      if (!isStorableText(key)) return path || 'body'
      const found = unstorableField(item, here)
      if (found !== undefined) return found
    }
  }
  return undefined
}

function variableIn(json: unknown): string | undefined {
  try {
    return typeof json === 'string' ? unstorableField(JSON.parse(json)) : undefined
  } catch {
    return undefined
  }
}

async function inputText(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    const field =
      unstorableField(request.params) ?? unstorableField(request.query) ?? unstorableField(request.body)
    if (field === undefined) return
    // A GraphQL GET's variables are one JSON text: the variable inside it is named.
    const name = (field === 'variables' && request.method === 'GET' && variableIn((request.query as { variables?: unknown }).variables)) || field || 'body'
    // A GraphQL variable is named as the client spelled it, without the `variables.` prefix.
    const refused = request.url.startsWith('/graphql')
      ? badInput(MESSAGES.textInvalidCharacters, { [name.replace(/^variables\./, '')]: [MESSAGES.textInvalidCharacters] })
      : badInput(MESSAGES.invalidInput, { [name]: [MESSAGES.textInvalidCharacters] })
    return replyEarly(request, reply, refused)
  })
}

export default fp(inputText, { name: 'input-text' })
