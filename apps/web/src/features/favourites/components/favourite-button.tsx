// The heart of a product: highlighted when the product is a favourite (`like` 1). Signed
// out, it says to sign in and sends nothing (DESIGN §8: the request could only fail).
import { toast } from '@/lib/notify.ts'
import { MESSAGES } from '@teranga/shared/messages'
import type { Produit } from '@teranga/shared/storefront-answers'
import { Icon } from '@/components/ui/icon.tsx'
import { useAuth } from '@/lib/auth.tsx'
import { useToggleFavourite } from '../api/favourites-api.ts'

export function FavouriteButton({ product, withText = false }: { product: Produit; withText?: boolean }) {
  const { state } = useAuth()
  const toggle = useToggleFavourite()
  const liked = product.like === 1
  const label = liked ? 'Retirer des favoris' : 'Ajouter aux favoris'

  const onClick = () => {
    if (state.status !== 'signedIn') {
      toast.error(MESSAGES.favouriteSignedOut)
      return
    }
    toggle.mutate(
      { client: state.user.id, produit: product.id, liked },
      {
        onSuccess: () => toast.success(liked ? MESSAGES.favouriteRemoved : MESSAGES.favouriteAdded),
        onError: () => toast.error(MESSAGES.favouriteError),
      },
    )
  }

  return (
    <button
      type="button"
      className={`btn btn-sm icon-button ${liked ? 'btn-danger' : 'btn-outline-danger'}`}
      aria-label={withText ? undefined : label}
      aria-pressed={liked}
      disabled={toggle.isPending}
      onClick={onClick}
    >
      <Icon name={liked ? 'heartFill' : 'heart'} size={18} />
      {withText && <span className="ms-2">{label}</span>}
    </button>
  )
}
