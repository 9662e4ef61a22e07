// The owner's text of a page. Its HTML was rendered by the server from Markdown with raw HTML
// turned into text and unsafe links removed (apps/server/src/modules/content/markdown.ts), which
// is why it may be set as markup here.
import type { ContentSlug } from '@teranga/shared/content-pages'
import { CONTENT_MESSAGES } from '@teranga/shared/content-pages'
import { ErrorAlert } from '@/components/ui/error-alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { usePage } from '../api/get-page.ts'

export function PageBody({ slug }: { slug: ContentSlug }) {
  const page = usePage(slug)
  if (page.isError) return <ErrorAlert message={CONTENT_MESSAGES.pageLoadError} onRetry={() => void page.refetch()} />
  if (page.isPending) return <Spinner />
  if (!page.data) return null
  return <div className="content-page" dangerouslySetInnerHTML={{ __html: page.data.html }} />
}

/** A page of its own: the owner's title and text. */
export function ContentPageView({ slug }: { slug: ContentSlug }) {
  const page = usePage(slug)
  return (
    <article className="content-page-view">
      <h1 className="h3 mb-4">{page.data?.titre ?? ''}</h1>
      <PageBody slug={slug} />
    </article>
  )
}
