// Toasts for the code of the entry chunk (the orders list, read at every visit): react-toastify
// is fetched on the first toast rather than with the entry, which stays under its 100 KB
// budget. Toasts sent before the container is drawn wait in react-toastify's queue. Pages
// loaded on demand import `toast` themselves.
type Kind = 'info' | 'success' | 'error'

function show(kind: Kind, message: string) {
  void import('react-toastify').then(({ toast }) => toast[kind](message))
}

export const notify = {
  info: (message: string) => show('info', message),
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
}
