// The owner's Markdown made into the HTML the storefront shows, on the server, safely: raw HTML
// in the text is shown as text (html: false), links and images go only to http(s), mailto:,
// tel: or the shop's own paths (no javascript:, data: or vbscript:), external links open apart
// without handing the shop's window over (rel="noopener noreferrer nofollow").
import MarkdownIt from 'markdown-it'

const SAFE_LINK = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i

const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false })
// markdown-it already refuses javascript:, vbscript:, file: and most data: addresses; the shop
// narrows that to the few kinds a shop's page needs.
md.validateLink = (url: string) => SAFE_LINK.test(url.trim())

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options))
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!
  if (/^https?:/i.test(token.attrGet('href') ?? '')) {
    token.attrSet('target', '_blank')
    token.attrSet('rel', 'noopener noreferrer nofollow')
  }
  return defaultLinkOpen(tokens, idx, options, env, self)
}

export function renderMarkdown(text: string): string {
  return md.render(text)
}
