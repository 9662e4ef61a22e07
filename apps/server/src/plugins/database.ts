// Puts the opened database on the instance (`app.database`, `app.db`); whoever opened it
// closes it, so tests can share one database across several app instances.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Database, Db } from '../db/client.ts'

declare module 'fastify' {
  interface FastifyInstance {
    database: Database
    db: Db
  }
}

async function database(app: FastifyInstance, opts: { database: Database; closeOnShutdown: boolean }) {
  app.decorate('database', opts.database)
  app.decorate('db', opts.database.db)
  if (opts.closeOnShutdown) app.addHook('onClose', () => opts.database.close())
}

export default fp(database, { name: 'database' })
