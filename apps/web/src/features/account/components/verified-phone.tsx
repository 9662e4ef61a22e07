// The number the customer proved by SMS (issue 18 §1), apart from the contact number of the
// form above: adding or changing it sends a code through Firebase, then the server reads the
// number from the fresh ID token of the customer's own Firebase account.
import { useState } from 'react'
import type { Utilisateur } from '@teranga/shared/customer-answers'
import { firebaseErrorCode, authErrorMessage } from '@teranga/shared/firebase-errors'
import { formatPhone, PHONE_MESSAGES } from '@teranga/shared/phone'
import { PhoneVerification } from '@/components/forms/phone-verification.tsx'
import { useAuth } from '@/lib/auth.tsx'
import { toast } from '@/lib/notify.ts'
import { saveVerifiedPhone, startPhoneSession } from '../api/profile-api.ts'

// Firebase's words for « this number is another account's », said for a phone here.
const TAKEN = new Set(['auth/credential-already-in-use', 'auth/account-exists-with-different-credential', 'auth/phone-number-already-exists'])

function describe(error: unknown): string {
  const code = firebaseErrorCode(error)
  if (code && TAKEN.has(code)) return PHONE_MESSAGES.alreadyUsed
  const sentence = authErrorMessage(error)
  return sentence.charAt(0).toUpperCase() + sentence.slice(1)
}

export function VerifiedPhone({ user }: { user: Utilisateur }) {
  const { updateProfile } = useAuth()
  const [editing, setEditing] = useState(false)
  const verified = user.telephoneVerifie

  return (
    <section aria-labelledby="verified-phone-title" className="mt-4">
      <h2 id="verified-phone-title" className="h5">
        Numéro vérifié
      </h2>
      <p className="mb-2">
        {verified ? (
          <>
            <strong>{formatPhone(verified)}</strong> : vous pouvez vous connecter avec ce numéro et le code reçu par SMS.
          </>
        ) : (
          'Aucun numéro vérifié : ajoutez-en un pour vous connecter avec votre téléphone.'
        )}
      </p>
      {editing ? (
        <div style={{ maxWidth: '24rem' }}>
          <PhoneVerification
            idPrefix="account-verified"
            confirmLabel="Vérifier le numéro"
            request={async (phoneNumber, host) => {
              const [{ customToken }, firebase] = await Promise.all([
                startPhoneSession(),
                import('@/lib/firebase.ts'),
              ])
              return firebase.requestPhoneLink(customToken, phoneNumber, host)
            }}
            onVerified={async ({ idToken }) => {
              const { utilisateur } = await saveVerifiedPhone(idToken)
              updateProfile(utilisateur)
              setEditing(false)
              toast.success(PHONE_MESSAGES.verified)
            }}
            describeError={describe}
          />
          <button type="button" className="btn btn-link btn-sm px-0" onClick={() => setEditing(false)}>
            Annuler
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn-outline-primary" onClick={() => setEditing(true)}>
          {verified ? 'Changer de numéro' : 'Ajouter un numéro'}
        </button>
      )}
    </section>
  )
}
