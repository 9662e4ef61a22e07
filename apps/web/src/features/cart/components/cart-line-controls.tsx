// A cart line's controls, the same in the side panel and on /cart: its quantity and the
// remove button.
import { Icon } from '@/components/ui/icon.tsx'
import { useCart, type CartLine } from './cart-provider.tsx'
import { QuantityInput } from './quantity-input.tsx'

export function LineQuantity({ line }: { line: CartLine }) {
  const { setQuantity, offlineCopy } = useCart()
  return (
    <QuantityInput
      value={line.quantite}
      max={line.variante.quantite}
      label={`Quantité de ${line.variante.designation}`}
      disabled={offlineCopy}
      onCommit={(quantite) => setQuantity(line, quantite)}
    />
  )
}

export function RemoveLineButton({ line }: { line: CartLine }) {
  const { remove, offlineCopy } = useCart()
  return (
    <button type="button" className="btn btn-sm btn-outline-danger icon-button" disabled={offlineCopy} aria-label={`Supprimer ${line.variante.designation}`} onClick={() => void remove(line)}>
      <Icon name="trash" size={16} />
    </button>
  )
}
