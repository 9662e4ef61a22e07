// The dialog a product card's cart icon opens (spec §2): title, image, price, a quantity
// from 1 to 99, a link to the product and the add button.
import { useState } from 'react'
import Modal from 'react-bootstrap/Modal'
import { Link } from 'react-router'
import type { Produit } from '@teranga/shared/storefront-answers'
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx'
import { AddQuantityField, isAddableQuantity } from './add-quantity-field.tsx'
import { useCart } from './cart-provider.tsx'

export default function AddToCartModal({ product, onClose }: { product: Produit; onClose: () => void }) {
  const { add } = useCart()
  const [show, setShow] = useState(true)
  const [quantite, setQuantite] = useState(1)
  const [busy, setBusy] = useState(false)
  const outOfStock = product.quantite <= 0
  const valid = isAddableQuantity(quantite)

  const submit = async () => {
    setBusy(true)
    const added = await add(product, null, quantite)
    setBusy(false)
    if (added) setShow(false)
  }

  return (
    <Modal show={show} onHide={() => setShow(false)} onExited={onClose} centered aria-labelledby="add-to-cart-title">
      <Modal.Header closeButton closeLabel="Fermer">
        <Modal.Title id="add-to-cart-title" as="h2" className="h5">
          {product.designation}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="d-flex gap-3 align-items-center">
          <ResponsiveImage src={product.image} srcSet={product.imagesrcset} alt={product.designation} width={120} height={120} sizes="120px" priority />
          <div>
            <p className="product-price fs-5 mb-2">{product.prixformat}</p>
            <AddQuantityField id="add-to-cart-quantity" value={quantite} onChange={setQuantite} />
          </div>
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Link to={`/product/${product.id}`} className="btn btn-link me-auto" onClick={() => setShow(false)}>
          Voir le produit
        </Link>
        <button type="button" className="btn btn-primary" disabled={busy || outOfStock || !valid} onClick={() => void submit()}>
          {outOfStock ? 'Rupture de stock' : 'Ajouter au panier'}
        </button>
      </Modal.Footer>
    </Modal>
  )
}
