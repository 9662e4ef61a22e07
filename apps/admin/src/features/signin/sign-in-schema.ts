// The sign-in form (spec §5): an e-mail and a password, nothing more asked of them. The
// server never sees them (Firebase does), so this schema is the back office's own.
import { z } from 'zod'

export const signInSchema = z.object({
  email: z.string().trim().min(1, { error: "L'adresse e-mail est requise" }),
  password: z.string().min(1, { error: 'Le mot de passe est requis' }),
})
export type SignInFields = z.infer<typeof signInSchema>
