// The customer's details, editable (PUT /api/profile): the shared schema's messages under the
// fields before sending, the server's own after a 400, and the header greeting follows.
import { zodResolver } from '@hookform/resolvers/zod'
import { FormProvider, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { DEFAULT_COUNTRY } from '@teranga/shared/constants'
import type { Utilisateur } from '@teranga/shared/customer-answers'
import { MESSAGES } from '@teranga/shared/messages'
import { CustomerDetailsFields, customerDetailsFormSchema, type CustomerDetailsField, type CustomerDetailsValues } from '@/components/forms/customer-details-fields.tsx'
import { serverFieldErrors, withReason } from '@/lib/api-errors.ts'
import { toast } from '@/lib/notify.ts'
import { useUpdateProfile } from '../api/profile-api.ts'

const FIELDS: readonly CustomerDetailsField[] = ['civilite', 'prenom', 'nom', 'telephone', 'ville', 'pays']

function valuesOf(user: Utilisateur): CustomerDetailsValues {
  return {
    civilite: user.civilite === 0 || user.civilite === 1 ? String(user.civilite) : '',
    prenom: user.prenom ?? '',
    nom: user.nom ?? '',
    telephone: user.telephone ?? '',
    ville: user.ville ?? '',
    pays: user.pays || DEFAULT_COUNTRY,
  }
}

export function AccountForm({ user }: { user: Utilisateur }) {
  const form = useForm<CustomerDetailsValues, unknown, z.output<typeof customerDetailsFormSchema>>({
    resolver: zodResolver(customerDetailsFormSchema),
    defaultValues: valuesOf(user),
  })
  const update = useUpdateProfile()

  const submit = form.handleSubmit((details) =>
    update.mutate(details, {
      onSuccess: ({ utilisateur }) => {
        // The server's own rendering of what was typed (trimmed).
        form.reset(valuesOf({ ...user, ...utilisateur }))
        toast.success(MESSAGES.profileUpdated)
      },
      onError: (error) => {
        const found = serverFieldErrors(error, FIELDS)
        for (const [field, message] of Object.entries(found)) form.setError(field as CustomerDetailsField, { message })
        if (Object.keys(found).length === 0) toast.error(withReason(MESSAGES.profileUpdateError, error))
      },
    }),
  )

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} className="row g-3" aria-label="Mes informations">
        <div className="col-12">
          <p className="mb-0">
            <span className="text-body-secondary">E-mail :</span> {user.email || 'aucun (compte ouvert avec un numéro de téléphone)'}
          </p>
        </div>
        <CustomerDetailsFields idPrefix="account" />
        <div className="col-12">
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            {update.isPending ? 'Enregistrement…' : 'Enregistrer'}
          </button>
        </div>
      </form>
    </FormProvider>
  )
}
