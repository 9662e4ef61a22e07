// How a payment mode is shown: the shared shape (orders show it too, without importing payments).
export { toModepaiement } from '@teranga/shared/payment-modes'
