// What the shop asks of a message provider (ADR 034): send one text to one number. The Orange
// SMS API and the WhatsApp Business Cloud API each implement it over HTTP; without keys they
// talk to the server's own sandbox, with the same requests.
export type MessageChannel = 'sms' | 'whatsapp'
export const MESSAGE_CHANNEL_NAMES: readonly MessageChannel[] = ['sms', 'whatsapp']

export interface MessageProvider {
  readonly channel: MessageChannel
  /** Sends `text` to `to` (E.164, `+221…`); answers the provider's id of the message, when it gives one. */
  send(to: string, text: string): Promise<{ providerRef: string | null }>
}

/**
 * The provider failed or refused. `retryable`: worth another try later (no answer, 5xx, 429);
 * a refusal of the request itself (another 4xx) is not. `message` is for the logs only and
 * never holds the number nor the text.
 */
export class MessageProviderError extends Error {
  constructor(
    readonly channel: MessageChannel,
    message: string,
    readonly retryable: boolean,
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'MessageProviderError'
  }
}

/** One HTTP call with a deadline: the status and the parsed JSON (null when the body is not JSON). */
export async function callJson(channel: MessageChannel, url: string, init: { headers: Record<string, string>; body: string }, timeoutMs: number) {
  let res: Response
  try {
    res = await fetch(url, { method: 'POST', headers: { accept: 'application/json', ...init.headers }, body: init.body, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' })
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    throw new MessageProviderError(channel, timedOut ? `no answer within ${timeoutMs} ms` : 'unreachable', true, null, { cause: error })
  }
  const text = await res.text().catch(() => '')
  return { status: res.status, json: parseJson(text) }
}

/** The error for a non-2xx answer: retried for 408, 429 and 5xx. Only the status goes to the logs. */
export const httpError = (channel: MessageChannel, status: number) =>
  new MessageProviderError(channel, `HTTP ${status}`, status === 408 || status === 429 || status >= 500, status)

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null
  } catch {
    return null
  }
}
