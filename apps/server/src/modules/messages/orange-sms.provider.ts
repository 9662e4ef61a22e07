// The Orange SMS API (Sonatel, developer.orange.com « SMS Sénégal »), as ADR 034 assumes it:
// `POST /oauth/v3/token` with the client id and secret in Basic auth and
// `grant_type=client_credentials` answers `{access_token, expires_in}`; then
// `POST /smsmessaging/v1/outbound/tel%3A%2B{sender}/requests` with a Bearer token and
// `{outboundSMSMessageRequest: {address: 'tel:+221…', senderAddress: 'tel:+{sender}',
// outboundSMSTextMessage: {message}}}` answers 201 with the request and its `resourceURL`.
import { z } from 'zod'
import type { OrangeSmsConfig } from '../../config.ts'
import { callJson, httpError, MessageProviderError, type MessageProvider } from './message-provider.ts'
import { toGsm7 } from './sms-text.ts'

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.union([z.number(), z.string()]).optional() })
const sendAnswer = z.object({ outboundSMSMessageRequest: z.object({ resourceURL: z.string().optional() }).loose() })

export function createOrangeSmsProvider(config: OrangeSmsConfig, timeoutMs: number, now: () => number = Date.now): MessageProvider {
  let token: { value: string; until: number } | null = null
  const sender = `tel:+${config.sender}`

  async function accessToken(): Promise<string> {
    if (token && token.until > now()) return token.value
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')
    const { status, json } = await callJson(
      'sms',
      `${config.apiUrl}/oauth/v3/token`,
      { headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' },
      timeoutMs,
    )
    if (status < 200 || status >= 300) throw httpError('sms', status)
    const parsed = tokenAnswer.safeParse(json)
    if (!parsed.success) throw new MessageProviderError('sms', 'token answer without access_token', true, status)
    // Renewed a minute before it expires (Orange's last an hour).
    const seconds = Number(parsed.data.expires_in ?? 3600)
    token = { value: parsed.data.access_token, until: now() + Math.max(0, (Number.isFinite(seconds) ? seconds : 3600) - 60) * 1000 }
    return token.value
  }

  async function post(to: string, text: string) {
    return callJson(
      'sms',
      `${config.apiUrl}/smsmessaging/v1/outbound/${encodeURIComponent(sender)}/requests`,
      {
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ outboundSMSMessageRequest: { address: `tel:${to}`, senderAddress: sender, outboundSMSTextMessage: { message: text } } }),
      },
      timeoutMs,
    )
  }

  return {
    channel: 'sms',
    async send(to, text) {
      // One character outside the GSM alphabet would send it in UCS-2, 70 characters a part.
      const message = toGsm7(text)
      let answer = await post(to, message)
      if (answer.status === 401) {
        // A token revoked or expired early: one new token, one more try.
        token = null
        answer = await post(to, message)
      }
      if (answer.status < 200 || answer.status >= 300) throw httpError('sms', answer.status)
      const parsed = sendAnswer.safeParse(answer.json)
      const url = parsed.success ? parsed.data.outboundSMSMessageRequest.resourceURL : undefined
      return { providerRef: url ? (url.split('/').pop() ?? null) : null }
    },
  }
}
