// The query client of spec §7: no refetch on focus or mount, no retry, and a cache of its
// own for each app (each test renders with a fresh one).
import { describe, expect, it } from 'vitest'
import { createQueryClient } from './query-client.ts'

describe('createQueryClient', () => {
  it('never refetches on focus or mount and never retries', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions()
    expect(queries).toMatchObject({ refetchOnWindowFocus: false, refetchOnMount: false, retry: false })
    expect(mutations).toMatchObject({ retry: false })
  })

  it('gives a fresh cache each time', () => {
    const first = createQueryClient()
    first.setQueryData(['x'], 1)
    expect(createQueryClient().getQueryData(['x'])).toBeUndefined()
  })
})
