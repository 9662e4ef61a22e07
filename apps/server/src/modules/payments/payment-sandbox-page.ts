// The sandbox's checkout page: the amount, the order, and two buttons posting the outcome back
// to the same address. No script and no external asset, so it lives under the shop's CSP.
import { MESSAGES } from '@teranga/shared/server-messages'
import { formatPrix } from '@teranga/shared/money'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f6f8;color:#1d2733;margin:0;padding:2rem 1rem}
main{max-width:26rem;margin:auto;background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem;margin:0 0 .25rem}p{margin:.5rem 0}.amount{font-size:1.8rem;font-weight:700;margin:1rem 0}
.notice{color:#5b6775;font-size:.9rem}form{display:grid;gap:.75rem;margin-top:1.5rem}
button{font:inherit;font-weight:600;border:0;border-radius:.5rem;padding:.8rem;cursor:pointer}
.approve{background:#1b7f3b;color:#fff}.decline{background:#fff;color:#a4161a;border:2px solid #a4161a}`

function layout(title: string, body: string) {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`
}

export function checkoutPage(page: { provider: string; amount: number; commande: string }) {
  return layout(
    `${MESSAGES.sandboxTitle} · ${page.provider}`,
    `<h1>${escapeHtml(MESSAGES.sandboxTitle)} · ${escapeHtml(page.provider)}</h1>
<p class="notice">${escapeHtml(MESSAGES.sandboxNotice)}</p>
<p>${escapeHtml(MESSAGES.sandboxOrder)} : <strong>${escapeHtml(page.commande)}</strong></p>
<p>${escapeHtml(MESSAGES.sandboxAmount)} :</p><p class="amount">${escapeHtml(formatPrix(page.amount))}</p>
<form method="post">
<button class="approve" type="submit" name="decision" value="approve">${escapeHtml(MESSAGES.sandboxApprove)}</button>
<button class="decline" type="submit" name="decision" value="decline">${escapeHtml(MESSAGES.sandboxDecline)}</button>
</form>`,
  )
}

export const messagePage = (message: string) => layout(MESSAGES.sandboxTitle, `<h1>${escapeHtml(MESSAGES.sandboxTitle)}</h1><p>${escapeHtml(message)}</p>`)
