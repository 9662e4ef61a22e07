// Sign-in with a phone number (issue 18 §1), loaded only when the shopper asks for it: the
// code goes by SMS through Firebase, then the shop's token as for email and Google.
import { MESSAGES } from '@teranga/shared/messages'
import { authErrorMessage } from '@teranga/shared/firebase-errors'
import { PhoneVerification } from '@/components/forms/phone-verification.tsx'
import { preloadFirebase, useSignInActions } from './use-sign-in.ts'

export default function PhoneSignIn({ idPrefix }: { idPrefix: string }) {
  const { withPhone } = useSignInActions()
  return (
    <PhoneVerification
      idPrefix={`${idPrefix}-sms`}
      confirmLabel="Valider le code"
      request={async (phoneNumber, host) => (await preloadFirebase()).requestPhoneCode(phoneNumber, host)}
      onVerified={withPhone}
      describeError={(error) => `${MESSAGES.loginError}${authErrorMessage(error)}`}
    />
  )
}
