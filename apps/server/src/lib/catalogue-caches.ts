// The anonymous catalogue caches of this instance (the GraphQL response cache, the rendered
// storefront pages): each registers how to empty itself; a catalogue write empties them all
// (on NOTIFY, plugins/database-notifications.ts, and the writing instance at once after commit).

export interface CatalogueCaches {
  /** Registers a cache's `clear`. */
  add(clear: () => void): void
  /** Empties every registered cache. */
  clear(): void
}

export function createCatalogueCaches(): CatalogueCaches {
  const clears: Array<() => void> = []
  return {
    add: (clear) => void clears.push(clear),
    clear: () => {
      for (const clear of clears) clear()
    },
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogueCaches: CatalogueCaches
  }
}
