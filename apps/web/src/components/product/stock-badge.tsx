// The quantity badge of a product: how many are left, or that it is out of stock. It wraps
// inside a narrow card (« Plus que 2 en stock » stuck out of a 320 px phone's card).
export function StockBadge({ quantite }: { quantite: number }) {
  if (quantite <= 0) return <span className="badge stock-badge text-bg-danger align-self-start">Rupture de stock</span>
  if (quantite <= 5) return <span className="badge stock-badge text-bg-warning align-self-start">Plus que {quantite} en stock</span>
  return <span className="badge stock-badge text-bg-success align-self-start">{quantite} en stock</span>
}
