// A TCP proxy between an instance and PostgreSQL that a test can stall: a real network fault
// as the instance meets it (its kernel still answers, nothing comes back), which neither
// `pg_terminate_backend` nor a stopped server can show.
import net from 'node:net'

interface Pipe {
  client: net.Socket
  server: net.Socket
  /** Bytes from the server held back while this connection's answers are stalled. */
  toClient: Buffer[]
  /** Bytes from the client held back (the whole proxy frozen). */
  toServer: Buffer[]
  holding: boolean
  /** The connection sent a LISTEN: it is an instance's notifications connection. */
  listens: boolean
}

export interface StallingProxy {
  /** `postgres://…` of the target, through the proxy. */
  url: string
  /** Stops forwarding anything, on every connection and on those opened meanwhile. */
  freeze(): void
  /** Forwards again what was held, then everything. */
  thaw(): void
  /** The next connection whose client sends `marker` gets no answer until `release()`: the bytes wait here. */
  holdAnswersAfter(marker: string): void
  /** Whether a connection's answers are held now, and what they hold (latin1). */
  held(): { holding: boolean; text: string }
  /** Sends the held answers at once, in one write. */
  release(): void
  /** The notifications connections open through the proxy now. */
  listeners(): number
  /** Cuts the notifications connections (those that sent a LISTEN), as a network fault would. */
  cutListeners(): void
  close(): Promise<void>
}

export async function stallingProxy(targetUrl: string): Promise<StallingProxy> {
  const target = new URL(targetUrl)
  const pipes = new Set<Pipe>()
  let frozen = false
  let armed: string | null = null
  let holder: Pipe | null = null

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname)
    const pipe: Pipe = { client, server: upstream, toClient: [], toServer: [], holding: false, listens: false }
    pipes.add(pipe)
    client.on('data', (chunk) => {
      const text = chunk.toString('latin1')
      if (text.includes('LISTEN ')) pipe.listens = true
      if (armed && text.includes(armed)) {
        armed = null
        pipe.holding = true
        holder = pipe
      }
      if (frozen) pipe.toServer.push(chunk)
      else upstream.write(chunk)
    })
    upstream.on('data', (chunk) => {
      if (frozen || pipe.holding) pipe.toClient.push(chunk)
      else client.write(chunk)
    })
    const end = () => {
      pipes.delete(pipe)
      client.destroy()
      upstream.destroy()
    }
    client.on('close', end)
    upstream.on('close', end)
    client.on('error', end)
    upstream.on('error', end)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  const through = new URL(targetUrl)
  through.hostname = '127.0.0.1'
  through.port = String(port)

  return {
    url: through.toString(),
    freeze: () => {
      frozen = true
    },
    thaw: () => {
      frozen = false
      for (const pipe of pipes) {
        if (pipe.toServer.length) pipe.server.write(Buffer.concat(pipe.toServer.splice(0)))
        if (!pipe.holding && pipe.toClient.length) pipe.client.write(Buffer.concat(pipe.toClient.splice(0)))
      }
    },
    holdAnswersAfter: (marker) => {
      armed = marker
    },
    held: () => ({ holding: holder?.holding ?? false, text: Buffer.concat(holder?.toClient ?? []).toString('latin1') }),
    release: () => {
      const pipe = holder
      holder = null
      if (!pipe) return
      pipe.holding = false
      if (pipe.toClient.length) pipe.client.write(Buffer.concat(pipe.toClient.splice(0)))
    },
    listeners: () => [...pipes].filter((pipe) => pipe.listens).length,
    cutListeners: () => {
      for (const pipe of pipes) if (pipe.listens) {
        pipe.client.destroy()
        pipe.server.destroy()
      }
    },
    close: async () => {
      for (const pipe of pipes) {
        pipe.client.destroy()
        pipe.server.destroy()
      }
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
