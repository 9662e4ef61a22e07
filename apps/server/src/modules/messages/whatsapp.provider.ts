// The WhatsApp Business Cloud API: `POST {api}/v{N}/{phone-number-id}/messages` with a Bearer
// token and a template message; outside a conversation the customer opened, only an approved
// template may be sent. ADR 034: the template (WHATSAPP_TEMPLATE, in WHATSAPP_TEMPLATE_LANGUAGE)
// has one body variable, {{1}}, which receives the whole French text. The answer names the
// message: `{messages: [{id: 'wamid…'}]}`.
import { z } from 'zod'
import type { WhatsappConfig } from '../../config.ts'
import { callJson, httpError, type MessageProvider } from './message-provider.ts'

const sendAnswer = z.object({ messages: z.array(z.object({ id: z.string() })).min(1) })

export function createWhatsappProvider(config: WhatsappConfig, timeoutMs: number): MessageProvider {
  return {
    channel: 'whatsapp',
    async send(to, text) {
      const { status, json } = await callJson(
        'whatsapp',
        `${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`,
        {
          headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            // The Cloud API takes the number without its +.
            to: to.replace(/^\+/, ''),
            type: 'template',
            template: {
              name: config.template,
              language: { code: config.language },
              components: [{ type: 'body', parameters: [{ type: 'text', text }] }],
            },
          }),
        },
        timeoutMs,
      )
      if (status < 200 || status >= 300) throw httpError('whatsapp', status)
      const parsed = sendAnswer.safeParse(json)
      return { providerRef: parsed.success ? parsed.data.messages[0]!.id : null }
    },
  }
}
