// Message providers without keys (ADR 034): the server plays the Orange SMS API and the
// WhatsApp Cloud API itself under /sandbox, with the same requests and answers, so that the
// real adapters run in `npm start` and the tests. What was sent is listed at /sandbox/messages
// (a page in French) and /sandbox/messages.json (newest first), the last 200 only: customers'
// numbers and tracking links, so in production (a staging shop's MESSAGES_SANDBOX=true) the list
// asks for a staff session, as the back office's own calls carry it. Nothing is mounted when
// both channels have real keys or are off; a test can make a channel fail.
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import { isStaffRole } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/server-messages'
import type { Config } from '../../config.ts'
import { forbidden, unauthenticated } from '../../lib/errors.ts'
import type { MessageChannel } from './message-provider.ts'

export interface SandboxMessage {
  canal: MessageChannel
  destinataire: string
  texte: string
  date: string
}

export interface MessagesSandbox {
  /** Newest first. */
  messages(): SandboxMessage[]
  /** The next `count` sends on `channel` answer 500, as a provider's outage would. */
  failNext(channel: MessageChannel, count: number): void
}

/** What the sandbox keeps: enough to follow a demo, bounded whatever the traffic. */
export const SANDBOX_KEPT = 200

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))
const bearer = (request: FastifyRequest) => /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? ''

const smsRequest = z.object({
  outboundSMSMessageRequest: z.object({
    address: z.string().regex(/^tel:\+\d{6,15}$/),
    senderAddress: z.string(),
    outboundSMSTextMessage: z.object({ message: z.string().min(1).max(1600) }),
  }),
})
const whatsappRequest = z.object({
  messaging_product: z.literal('whatsapp'),
  to: z.string().regex(/^\d{6,15}$/),
  type: z.literal('template'),
  template: z.object({
    name: z.string(),
    language: z.object({ code: z.string() }),
    components: z.array(z.object({ type: z.literal('body'), parameters: z.array(z.object({ type: z.literal('text'), text: z.string().min(1).max(1024) })).length(1) })).length(1),
  }),
})

function page(messages: SandboxMessage[]) {
  const rows = messages
    .map((m) => `<li><p class="meta">${m.canal === 'sms' ? 'SMS' : 'WhatsApp'} · ${escapeHtml(m.destinataire)} · ${escapeHtml(new Date(m.date).toLocaleString('fr-FR', { timeZone: 'Africa/Dakar' }))}</p><p>${escapeHtml(m.texte)}</p></li>`)
    .join('\n')
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Bac à sable · messages envoyés</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f6f8;color:#1d2733;margin:0;padding:2rem 1rem}
main{max-width:40rem;margin:auto}ul{list-style:none;padding:0}li{background:#fff;border-radius:.75rem;padding:1rem;margin:.75rem 0;box-shadow:0 1px 4px #0002}
.meta{color:#5b6775;font-size:.9rem;margin:0 0 .25rem}p{margin:0;overflow-wrap:anywhere}</style></head>
<body><main><h1>Bac à sable · messages envoyés</h1>
<p>Les SMS et messages WhatsApp que la boutique aurait envoyés, les plus récents d'abord (les ${SANDBOX_KEPT} derniers). Aucun message ne part vraiment.</p>
${messages.length === 0 ? '<p><strong>Aucun message pour le moment.</strong></p>' : `<ul>${rows}</ul>`}
</main></body></html>`
}

export interface MessageSandboxOptions {
  config: Config
  /** The role of an API token's owner (the shop's signed-in staff), or undefined for a dead token. */
  roleOf: (token: string) => Promise<string | undefined>
}

async function messageSandbox(app: FastifyInstance, opts: MessageSandboxOptions) {
  const { sms, whatsapp } = opts.config.messages
  const sandboxed = { sms: sms?.sandbox ? sms : null, whatsapp: whatsapp?.sandbox ? whatsapp : null }
  if (!sandboxed.sms && !sandboxed.whatsapp) return
  app.log.warn({ channels: Object.keys(sandboxed).filter((k) => sandboxed[k as MessageChannel]) }, 'order messages run in the built-in sandbox: nothing is really sent')

  const sent: SandboxMessage[] = []
  const failing: Record<MessageChannel, number> = { sms: 0, whatsapp: 0 }
  const tokens = new Set<string>()
  const record = (message: Omit<SandboxMessage, 'date'>) => {
    sent.unshift({ ...message, date: new Date().toISOString() })
    sent.length = Math.min(sent.length, SANDBOX_KEPT)
  }
  /** A failure asked for by a test: true when this send answers 500. */
  const outage = (channel: MessageChannel, reply: FastifyReply) => {
    if (failing[channel] <= 0) return false
    failing[channel]--
    void reply.status(500).send({ error: 'sandbox outage' })
    return true
  }
  app.messaging.sandbox = {
    messages: () => sent.map((m) => ({ ...m })),
    failNext(channel: MessageChannel, count: number) {
      failing[channel] = count
    },
  } satisfies MessagesSandbox

  await app.register(
    async (sandbox) => {
      sandbox.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)))
      })

      // In production the list is the staff's: a staff member's API token (Authorization: Bearer).
      const staffOnly = async (request: FastifyRequest) => {
        if (!opts.config.production) return
        const token = bearer(request)
        if (!token) throw unauthenticated(MESSAGES.unauthenticated)
        const role = await opts.roleOf(token)
        if (role === undefined) throw unauthenticated(MESSAGES.invalidToken)
        if (!isStaffRole(role) || role === 'livreur') throw forbidden(MESSAGES.staffOnly)
      }
      const list = { onRequest: staffOnly }
      sandbox.get('/messages.json', list, async (_request, reply) => reply.header('cache-control', 'no-store').send(sent))
      sandbox.get('/messages', list, async (_request, reply) => reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page(sent)))

      const orange = sandboxed.sms
      if (orange) {
        const expected = `Basic ${Buffer.from(`${orange.clientId}:${orange.clientSecret}`).toString('base64')}`
        sandbox.post('/orange/oauth/v3/token', async (request, reply) => {
          const body = request.body as Record<string, string> | undefined
          if (!same(request.headers.authorization ?? '', expected)) return reply.status(401).send({ error: 'invalid_client', error_description: 'The requested service needs credentials, but the ones provided were invalid.' })
          if (body?.grant_type !== 'client_credentials') return reply.status(400).send({ error: 'unsupported_grant_type' })
          const token = randomBytes(24).toString('base64url')
          if (tokens.size >= 1000) tokens.clear()
          tokens.add(token)
          return { token_type: 'Bearer', access_token: token, expires_in: 3600 }
        })
        sandbox.post('/orange/smsmessaging/v1/outbound/:sender/requests', async (request, reply) => {
          if (!tokens.has(bearer(request))) return reply.status(401).send({ code: 42, message: 'Expired credentials' })
          const sender = `tel:+${orange.sender}`
          const parsed = smsRequest.safeParse(request.body)
          if ((request.params as { sender: string }).sender !== sender || !parsed.success || parsed.data.outboundSMSMessageRequest.senderAddress !== sender) {
            return reply.status(400).send({ requestError: { serviceException: { messageId: 'SVC0002', text: 'Invalid input value' } } })
          }
          if (outage('sms', reply)) return reply
          const request_ = parsed.data.outboundSMSMessageRequest
          record({ canal: 'sms', destinataire: request_.address.slice('tel:'.length), texte: request_.outboundSMSTextMessage.message })
          return reply.status(201).send({
            outboundSMSMessageRequest: { ...request_, resourceURL: `${orange.apiUrl}/smsmessaging/v1/outbound/${encodeURIComponent(sender)}/requests/${randomUUID()}` },
          })
        })
      }

      const cloud = sandboxed.whatsapp
      if (cloud) {
        sandbox.post('/whatsapp/:version/:phoneNumberId/messages', async (request, reply) => {
          if (!same(bearer(request), cloud.token)) return reply.status(401).send({ error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } })
          const parsed = whatsappRequest.safeParse(request.body)
          if ((request.params as { phoneNumberId: string }).phoneNumberId !== cloud.phoneNumberId || !parsed.success || parsed.data.template.name !== cloud.template) {
            return reply.status(400).send({ error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100 } })
          }
          if (outage('whatsapp', reply)) return reply
          record({ canal: 'whatsapp', destinataire: `+${parsed.data.to}`, texte: parsed.data.template.components[0]!.parameters[0]!.text })
          return { messaging_product: 'whatsapp', contacts: [{ input: parsed.data.to, wa_id: parsed.data.to }], messages: [{ id: `wamid.${randomBytes(16).toString('hex')}` }] }
        })
      }
    },
    { prefix: '/sandbox' },
  )
}

export default fp(messageSandbox, { name: 'message-sandbox' })
