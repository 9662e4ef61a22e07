// The quantity badge of a product: how many are left, or that it is out of stock.
export function StockBadge({ quantite }: { quantite: number }) {
  if (quantite <= 0) return <span className="badge text-bg-danger align-self-start">Rupture de stock</span>
  if (quantite <= 5) return <span className="badge text-bg-warning align-self-start">Plus que {quantite} en stock</span>
  return <span className="badge text-bg-success align-self-start">{quantite} en stock</span>
}
