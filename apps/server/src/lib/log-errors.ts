// How an error is written to the log: its kind, code and message, never the values a failed
// query carried. Drizzle's errors spell the SQL's parameters (a uid, an email, a phone) in
// their message and `params`; PostgreSQL's `detail` repeats the offending row's values.
const DATABASE_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'routine'] as const

/** A database message quoting the input (`invalid input syntax for type integer: "…"`) loses the quote. */
const withoutQuotedInput = (message: string) => message.replace(/: ".*"$/s, ': "…"')

export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error
  const e = error as Error & Record<string, unknown>
  const out: Record<string, unknown> = { type: e.constructor?.name ?? e.name }
  if ('params' in e && typeof e.query === 'string') {
    // DrizzleQueryError: "Failed query: <sql>\nparams: <values>".
    out.message = `Failed query: ${e.query}`
    out.stack = e.stack?.replace(/^[\s\S]*?(?=\n\s+at )/, `${out.type as string}: ${out.message as string}`)
  } else if (typeof e.severity === 'string' && typeof e.code === 'string') {
    // A PostgreSQL error (pg's DatabaseError): its detail, where and hint are left out.
    for (const field of DATABASE_FIELDS) if (e[field] !== undefined) out[field] = e[field]
    out.message = withoutQuotedInput(e.message)
  } else {
    out.message = e.message
    out.stack = e.stack
    if (e.code !== undefined) out.code = e.code
    if (typeof e.statusCode === 'number') out.statusCode = e.statusCode
  }
  if (e.cause !== undefined && depth < 5) out.cause = serializeError(e.cause, depth + 1)
  return out
}
