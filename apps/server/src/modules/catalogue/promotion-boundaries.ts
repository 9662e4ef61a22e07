// Sale prices start and end on their own (product-projection.ts reads « now » in SQL), but an
// anonymous answer cached just before a start or an end would go on showing the old price for
// its TTL. So each instance keeps a timer on the next start or end of any sale and empties the
// catalogue caches when it passes; the next boundary is read again after each emptying (a
// catalogue write empties them too, so a new or changed sale is seen at once).

/** Longest wait before the next boundary is read again (a timer cannot wait a month). */
const MAX_WAIT_MS = 60 * 60_000

/** After the boundary: the database's clock is the one that decides, and a read in flight ends. */
const MARGIN_MS = 1000

export interface PromotionBoundaries {
  /** Reads the next boundary again and sets the timer on it. */
  rearm(): void
  stop(): void
}

export function watchPromotionBoundaries(opts: {
  /** The next start or end of a sale after now, or null when none is to come. */
  next: () => Promise<Date | null>
  /** Empties every catalogue cache (which calls `rearm` back). */
  clear: () => void
  onError: (error: unknown) => void
  now?: () => number
}): PromotionBoundaries {
  const now = opts.now ?? Date.now
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let reading = 0

  function rearm() {
    if (stopped) return
    const ticket = ++reading
    opts.next().then(
      (at) => {
        // A later read (after another emptying) decides instead.
        if (stopped || ticket !== reading) return
        if (timer) clearTimeout(timer)
        const wait = at ? Math.min(Math.max(at.getTime() - now(), 0) + MARGIN_MS, MAX_WAIT_MS) : MAX_WAIT_MS
        timer = setTimeout(() => (at && at.getTime() <= now() ? opts.clear() : rearm()), wait)
        timer.unref()
      },
      (error: unknown) => {
        opts.onError(error)
        if (stopped || ticket !== reading) return
        if (timer) clearTimeout(timer)
        timer = setTimeout(rearm, 60_000)
        timer.unref()
      },
    )
  }

  return {
    rearm,
    stop() {
      stopped = true
      if (timer) clearTimeout(timer)
    },
  }
}
