// New orders, live: GET /api/admin/evenements read with fetch streaming (EventSource cannot
// send the Authorization header), parsed as server-sent events. Every event refreshes the
// orders' lists, and so does a `resync` (events may have been missed) or a reconnection;
// `useOrderEvents` hands the page the orders placed.
import { useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { authHeaders } from '../../../lib/api.ts'
import { refreshOrderLists } from './orders-api.ts'

export interface OrderEvent {
  type: 'placed' | 'state'
  numero: string
  etat: string
}

/**
 * Reads the stream until unmounted, connecting again 5 s after it ends. `onResync` hears that
 * events may have been missed: the server said so (`event: resync`, its own connection to the
 * database was lost), or this stream connected again after a break.
 */
export function listenToOrders(onEvent: (event: OrderEvent) => void, onResync: () => void = () => {}): () => void {
  const controller = new AbortController()
  let retry: ReturnType<typeof setTimeout> | undefined
  let connected = false
  const connect = async () => {
    try {
      const response = await fetch('/api/admin/evenements', { headers: { accept: 'text/event-stream', ...authHeaders() }, signal: controller.signal })
      if (!response.ok || !response.body) throw new Error(String(response.status))
      // What happened during the break was not heard.
      if (connected) onResync()
      connected = true
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
      let buffer = ''
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += value
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const lines = block.split('\n')
          const name = lines.find((line) => line.startsWith('event:'))?.slice(6).trim()
          const data = lines
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n')
          if (name === 'resync') onResync()
          else if (name === 'commande' && data) {
            try {
              onEvent(JSON.parse(data) as OrderEvent)
            } catch {
              // A malformed event is skipped.
            }
          }
        }
      }
    } catch {
      if (controller.signal.aborted) return
    }
    if (!controller.signal.aborted) retry = setTimeout(() => void connect(), 5000)
  }
  void connect()
  return () => {
    controller.abort()
    clearTimeout(retry)
  }
}

/** Listens while mounted: every event refreshes the lists, and `onPlaced` hears of each new order. */
export function useOrderEvents(onPlaced: (event: OrderEvent) => void) {
  const client = useQueryClient()
  const placed = useRef(onPlaced)
  useEffect(() => {
    placed.current = onPlaced
  })
  useEffect(
    () =>
      listenToOrders(
        (event) => {
          if (event.type === 'placed') placed.current(event)
          void refreshOrderLists(client)
        },
        () => void refreshOrderLists(client),
      ),
    [client],
  )
}
