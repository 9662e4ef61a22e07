// Page arguments and the paginated answer shape of DESIGN §4, shared by every list.
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@teranga/shared/constants'
import { paginationSchema } from '@teranga/shared/schemas'
import { badInput, fieldErrors } from './errors.ts'

export interface PageArgs {
  page: number
  count: number
  offset: number
}

export interface Page<T> {
  metadata: { total: number; per_page: number; current_page: number; last_page: number }
  data: T[]
}

export function pageArgs(args: { page?: number | null | undefined; count?: number | null | undefined }): PageArgs {
  const parsed = paginationSchema.safeParse({ page: args.page ?? DEFAULT_PAGE, count: args.count ?? DEFAULT_PAGE_SIZE })
  if (!parsed.success) throw badInput(undefined, fieldErrors(parsed.error.issues))
  const { page, count } = parsed.data
  return { page, count, offset: (page - 1) * count }
}

export function toPage<T>(data: T[], total: number, { page, count }: PageArgs): Page<T> {
  return {
    metadata: { total, per_page: count, current_page: page, last_page: Math.max(1, Math.ceil(total / count)) },
    data,
  }
}

/**
 * The total of a page read with `count(*) over()`: carried by any row; a page past the end
 * has no row, so only then is the total counted separately.
 */
export async function pageTotal(rows: ReadonlyArray<{ total: unknown }>, page: PageArgs, count: () => Promise<number>) {
  if (rows.length > 0) return Number(rows[0]!.total)
  return page.offset > 0 ? count() : 0
}
