// The header's user menu (spec §2). Signed out: the sign-in form. Signed in: photo,
// 'Bonjour, {prénom} {nom}', the email, 'Mon compte', 'Mes achats', the real loyalty
// balance (DESIGN §8) and 'Déconnexion'.
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { Icon } from '@/components/ui/icon.tsx'
import { contactOf, nameOf, useAuth } from '@/lib/auth.tsx'
import { LoginForm } from './login-form.tsx'

export function UserMenu() {
  const { state, signOut } = useAuth()
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const root = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false)
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  const user = state.status === 'signedIn' ? state.user : null
  const close = () => setOpen(false)

  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="btn btn-link header-icon"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={user ? `Mon compte : ${nameOf(user)}` : state.status === 'loading' ? 'Compte (chargement)' : 'Connexion'}
        onClick={() => setOpen((value) => !value)}
      >
        {user?.image ? (
          <img src={user.image} alt="" width={28} height={28} className="rounded-circle object-fit-cover" referrerPolicy="no-referrer" />
        ) : (
          <Icon name="person" size={24} />
        )}
      </button>
      <div id={panelId} className={`user-menu-panel card shadow ${open ? '' : 'd-none'}`}>
        <div className="card-body">
          {state.status === 'loading' ? (
            <p className="mb-0 text-body-secondary">Chargement…</p>
          ) : user ? (
            <>
              <div className="d-flex align-items-center gap-2 mb-2">
                {user.image ? (
                  <img src={user.image} alt="" width={48} height={48} className="rounded-circle object-fit-cover" referrerPolicy="no-referrer" />
                ) : (
                  <Icon name="person" size={48} className="text-body-secondary" />
                )}
                <div className="min-w-0">
                  <p className="fw-semibold mb-0">Bonjour, {nameOf(user)}</p>
                  <p className="small text-body-secondary mb-0 text-truncate">{contactOf(user)}</p>
                </div>
              </div>
              <p className="small mb-2">
                <Icon name="star" size={14} className="text-warning me-1" />
                Points de fidélité : {user.points ?? 0}
              </p>
              <nav className="list-group list-group-flush mb-2" aria-label="Mon compte">
                <Link className="list-group-item list-group-item-action" to="/profile/account" onClick={close}>
                  Mon compte
                </Link>
                <Link className="list-group-item list-group-item-action" to="/profile/orders" onClick={close}>
                  Mes achats
                </Link>
              </nav>
              <button type="button" className="btn btn-outline-secondary w-100 d-flex align-items-center justify-content-center gap-2" onClick={() => void signOut()}>
                <Icon name="signOut" size={16} /> Déconnexion
              </button>
            </>
          ) : (
            <>
              <p className="fw-semibold mb-2">Se connecter</p>
              <LoginForm idPrefix="header-login" onNavigate={close} />
            </>
          )}
        </div>
      </div>
    </div>
  )
}
