// « Équipe » (admins): who runs the shop with which role, the invitations waiting for a first
// sign-in (each shared by link or WhatsApp), and the form that sends one by e-mail or phone. Removing a member ends their sessions on the server.
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useQuery } from '@tanstack/react-query'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'react-toastify'
import { Alert, Badge, Button, Card, Form, ListGroup } from 'react-bootstrap'
import { STAFF_MESSAGES, STAFF_ROLE_LABELS, invitationSchema, type Invitation, type InvitationInput, type StaffMember } from '@teranga/shared/backoffice-staff'
import { STAFF_ROLES, type StaffRole } from '@teranga/shared/constants'
import { formatPhone } from '@teranga/shared/phone'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { couriersQueryOptions } from '../../lib/couriers.ts'
import { useAuth } from '../../lib/auth.tsx'
import { useChangeRole, useDeleteInvitation, useInvitations, useInvite, useRemoveMember, useStaff } from './api/staff-api.ts'

const INVITATION_STATES: Record<Invitation['etat'], { text: string; bg: string }> = {
  en_attente: { text: 'En attente', bg: 'warning' },
  acceptee: { text: 'Acceptée', bg: 'success' },
  expiree: { text: 'Expirée', bg: 'secondary' },
}

const dateFr = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeZone: 'Africa/Dakar' })
const shortDate = (iso: string) => dateFr.format(new Date(iso))

const contactOf = (invitation: Invitation) => invitation.email ?? (invitation.telephone ? formatPhone(invitation.telephone) : '')

const fullName = (m: StaffMember) => [m.prenom, m.name].filter(Boolean).join(' ') || m.email || `n° ${m.id}`

type Contact = 'email' | 'telephone'

function InviteForm() {
  const invite = useInvite()
  const [contact, setContact] = useState<Contact>('email')
  const form = useForm<InvitationInput>({ resolver: zodResolver(invitationSchema), defaultValues: { role: 'gestionnaire' } })
  const { errors } = form.formState
  const role = useWatch({ control: form.control, name: 'role' })
  // Only a courier is linked to one of the list's couriers (the ones kept under « Livreurs »).
  const couriers = useQuery({ ...couriersQueryOptions(), enabled: role === 'livreur' })
  const pick = (next: Contact) => {
    setContact(next)
    form.unregister(next === 'email' ? 'telephone' : 'email')
  }
  const submit = form.handleSubmit(async (input) => {
    try {
      const sent = await invite.mutateAsync(input)
      toast.success(sent.telephone ? STAFF_MESSAGES.invitedPhone(sent.telephone) : STAFF_MESSAGES.invited(sent.email ?? ''))
      form.reset({ role: input.role })
    } catch (err) {
      const fields = ['email', 'telephone', 'livreur', 'role'] as const
      const field = err instanceof ApiError ? fields.find((f) => err.errors[f]) : undefined
      if (field && err instanceof ApiError) form.setError(field, { message: err.errors[field]![0] })
      else toast.error(errorMessage(err))
    }
  })
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">Inviter une personne</h2>
        <Form noValidate onSubmit={submit}>
          <div role="radiogroup" aria-label="Inviter par" className="mb-2">
            <Form.Check inline type="radio" id="invitation-par-email" name="invitation-par" label="Par e-mail" checked={contact === 'email'} onChange={() => pick('email')} />
            <Form.Check inline type="radio" id="invitation-par-telephone" name="invitation-par" label="Par téléphone" checked={contact === 'telephone'} onChange={() => pick('telephone')} />
          </div>
          <div className="d-flex flex-wrap gap-2 align-items-start">
            {contact === 'email' ? (
              <Form.Group controlId="invitation-email" className="flex-grow-1">
                <Form.Label className="visually-hidden">E-mail</Form.Label>
                <Form.Control type="email" placeholder="E-mail" autoComplete="off" isInvalid={Boolean(errors.email)} {...form.register('email')} />
                <Form.Control.Feedback type="invalid">{errors.email?.message}</Form.Control.Feedback>
              </Form.Group>
            ) : (
              <Form.Group controlId="invitation-telephone" className="flex-grow-1">
                <Form.Label className="visually-hidden">Numéro de téléphone</Form.Label>
                <Form.Control type="tel" inputMode="tel" placeholder="Téléphone, par exemple 77 123 45 67" autoComplete="off" isInvalid={Boolean(errors.telephone)} {...form.register('telephone')} />
                <Form.Control.Feedback type="invalid">{errors.telephone?.message}</Form.Control.Feedback>
              </Form.Group>
            )}
            <Form.Group controlId="invitation-role">
              <Form.Label className="visually-hidden">Rôle</Form.Label>
              <Form.Select isInvalid={Boolean(errors.role)} {...form.register('role', { onChange: (e: { target: { value: string } }) => e.target.value !== 'livreur' && form.unregister('livreur') })}>
                {STAFF_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {STAFF_ROLE_LABELS[role]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            {role === 'livreur' && (
              <Form.Group controlId="invitation-livreur">
                <Form.Label className="visually-hidden">Livreur</Form.Label>
                <Form.Select isInvalid={Boolean(errors.livreur)} {...form.register('livreur', { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })}>
                  <option value="">Choisir le livreur…</option>
                  {(couriers.data ?? [])
                    .filter((c) => c.actif)
                    .map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.nom}
                      </option>
                    ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid">{errors.livreur?.message}</Form.Control.Feedback>
              </Form.Group>
            )}
            <Button type="submit" disabled={invite.isPending}>
              Inviter
            </Button>
          </div>
        </Form>
        <p className="small text-muted mt-2 mb-0">
          Le rôle est donné quand la personne se connecte au back-office avec cette adresse, une fois l'adresse confirmée (compte Google, ou lien de confirmation reçu par e-mail), ou avec ce numéro, confirmé par le code reçu par SMS. Une invitation par téléphone part par SMS. L'invitation vaut 14 jours.
        </p>
      </Card.Body>
    </Card>
  )
}

/** « Copier le lien » and « Partager sur WhatsApp »: the invitee is told where to sign in. */
function ShareInvitation({ invitation }: { invitation: Invitation }) {
  const text = `${STAFF_MESSAGES.shareText(STAFF_ROLE_LABELS[invitation.role])} ${invitation.lien}`
  // To the invitee's own WhatsApp when the invitation names their number; else the sharer picks the chat.
  const whatsapp = `https://wa.me/${invitation.telephone ? invitation.telephone.replace(/[^0-9]/g, '') : ''}?text=${encodeURIComponent(text)}`
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      toast.success(STAFF_MESSAGES.linkCopied)
    } catch {
      toast.error(invitation.lien)
    }
  }
  return (
    <>
      <Button variant="outline-secondary" size="sm" onClick={() => void copy()} aria-label={`Copier le lien de l'invitation de ${contactOf(invitation)}`}>
        Copier le lien
      </Button>
      <a className="btn btn-outline-success btn-sm" href={whatsapp} target="_blank" rel="noreferrer" aria-label={`Partager sur WhatsApp l'invitation de ${contactOf(invitation)}`}>
        Partager sur WhatsApp
      </a>
    </>
  )
}

function Members({ me }: { me: number | undefined }) {
  const { data, error } = useStaff()
  const changeRole = useChangeRole()
  const remove = useRemoveMember()
  const onRole = (member: StaffMember, role: StaffRole) =>
    changeRole.mutate({ id: member.id, role }, { onSuccess: () => toast.success(`${fullName(member)} : ${STAFF_ROLE_LABELS[role]}`), onError: (err) => toast.error(errorMessage(err)) })
  const onRemove = (member: StaffMember) => {
    if (!window.confirm(`Retirer ${fullName(member)} de l'équipe ? Ses sessions du back-office seront fermées.`)) return
    remove.mutate(member.id, { onSuccess: () => toast.success(STAFF_MESSAGES.removed), onError: (err) => toast.error(errorMessage(err)) })
  }
  return (
    <section className="mb-4" aria-labelledby="staff-members">
      <h2 id="staff-members" className="h5">
        Membres
      </h2>
      {error && <Alert variant="danger">Une erreur s'est produite lors du chargement de l'équipe.</Alert>}
      <ListGroup>
        {(data ?? []).map((member) => (
          <ListGroup.Item key={member.id} className="d-flex flex-wrap align-items-center gap-2">
            <div className="flex-grow-1 text-break">
              <div className="fw-semibold">
                {fullName(member)}
                {member.id === me && <span className="text-muted fw-normal"> (vous)</span>}
              </div>
              <div className="small text-muted">{member.email}</div>
            </div>
            <Form.Select
              aria-label={`Rôle de ${fullName(member)}`}
              className="w-auto"
              value={member.role}
              disabled={member.id === me || changeRole.isPending}
              onChange={(e) => onRole(member, e.target.value as StaffRole)}
            >
              {/* A courier's role is given by an invitation naming the courier, not by a change here. */}
              {STAFF_ROLES.filter((role) => role !== 'livreur' || member.role === 'livreur').map((role) => (
                <option key={role} value={role}>
                  {STAFF_ROLE_LABELS[role]}
                </option>
              ))}
            </Form.Select>
            {member.id !== me && (
              <Button variant="outline-danger" disabled={remove.isPending} onClick={() => onRemove(member)} aria-label={`Retirer ${fullName(member)}`}>
                Retirer
              </Button>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </section>
  )
}

function Invitations() {
  const { data, error } = useInvitations()
  const del = useDeleteInvitation()
  const onDelete = (invitation: Invitation) => {
    if (!window.confirm(`Supprimer l'invitation de ${contactOf(invitation)} ?`)) return
    del.mutate(invitation.id, { onSuccess: () => toast.success('Invitation supprimée'), onError: (err) => toast.error(errorMessage(err)) })
  }
  return (
    <section aria-labelledby="staff-invitations">
      <h2 id="staff-invitations" className="h5">
        Invitations
      </h2>
      {error && <Alert variant="danger">Une erreur s'est produite lors du chargement des invitations.</Alert>}
      {data && data.length === 0 && <p className="text-muted">Aucune invitation.</p>}
      <ListGroup>
        {(data ?? []).map((invitation) => (
          <ListGroup.Item key={invitation.id} className="d-flex flex-wrap align-items-center gap-2">
            <div className="flex-grow-1 text-break">
              <div className="fw-semibold">{contactOf(invitation)}</div>
              <div className="small text-muted">
                {STAFF_ROLE_LABELS[invitation.role]} · invitée le {shortDate(invitation.date)}
                {invitation.invite_par && <> par {invitation.invite_par}</>}
                {invitation.etat === 'en_attente' && <> · expire le {shortDate(invitation.expire_le)}</>}
                {invitation.acceptee_le && <> · acceptée le {shortDate(invitation.acceptee_le)}</>}
              </div>
            </div>
            <Badge bg={INVITATION_STATES[invitation.etat].bg} text={invitation.etat === 'en_attente' ? 'dark' : undefined}>
              {INVITATION_STATES[invitation.etat].text}
            </Badge>
            {invitation.etat === 'en_attente' && <ShareInvitation invitation={invitation} />}
            {invitation.etat !== 'acceptee' && (
              <Button variant="outline-danger" disabled={del.isPending} onClick={() => onDelete(invitation)} aria-label={`Supprimer l'invitation de ${contactOf(invitation)}`}>
                Supprimer
              </Button>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </section>
  )
}

export function StaffPage() {
  const { state } = useAuth()
  return (
    <>
      <h1 className="h3 mb-3">Équipe</h1>
      <InviteForm />
      <Members me={state.status === 'signedIn' ? state.staff.id : undefined} />
      <Invitations />
    </>
  )
}
