// A loading indicator that screen readers announce.
export function Spinner({ label = 'Chargement…' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center py-4">
      <div className="spinner-border text-primary" role="status">
        <span className="visually-hidden">{label}</span>
      </div>
    </div>
  )
}
