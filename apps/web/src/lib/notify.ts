// Toasts without react-toastify in the first page's JavaScript: the first message loads the
// toaster (it is only ever needed after the shopper does something) and is shown once it is
// mounted; later ones go straight through.

export type ToastKind = 'success' | 'error'
type Show = (kind: ToastKind, message: string) => void

let show: Show | null = null
let pending: Array<[ToastKind, string]> = []
let requested = false
const listeners = new Set<() => void>()

function notify(kind: ToastKind, message: string) {
  if (show) return show(kind, message)
  pending.push([kind, message])
  if (!requested) {
    requested = true
    for (const listener of listeners) listener()
  }
}

export const toast = {
  success: (message: string) => notify('success', message),
  error: (message: string) => notify('error', message),
}

/** For the toast host: whether a toast was asked for yet (useSyncExternalStore). */
export const toastRequests = {
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  },
  requested: () => requested,
}

/** Called by the mounted toaster: shows what waited and takes every later toast. */
export function attachToaster(next: Show | null) {
  show = next
  if (!next) return
  const waiting = pending
  pending = []
  for (const [kind, message] of waiting) next(kind, message)
}
