// The toasts of spec §9: top-right, closing after 5 s. Loaded with the first toast.
import { useEffect } from 'react'
import { toast, ToastContainer } from 'react-toastify'
import { TOAST_AUTO_CLOSE_MS } from '@teranga/shared/constants'
import { attachToaster } from '@/lib/notify.ts'

export default function Toaster() {
  useEffect(() => {
    attachToaster((kind, message) => toast[kind](message))
    return () => attachToaster(null)
  }, [])
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />
}
