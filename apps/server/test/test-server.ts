// Creating and dropping databases on the test server (embedded or TEST_DATABASE_URL).
import pg from 'pg'

/** A URL naming another database on the same server. */
export function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export async function onServer<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}
