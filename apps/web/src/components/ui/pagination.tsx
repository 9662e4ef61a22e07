// Previous / next paging of spec §2: previous disabled on page 1, next on the last page.
export function Pagination({ page, lastPage, onChange, label }: { page: number; lastPage: number; onChange: (page: number) => void; label: string }) {
  return (
    <nav aria-label={label} className="d-flex align-items-center justify-content-center gap-3 my-3">
      <button type="button" className="btn btn-outline-primary" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Précédent
      </button>
      <span aria-live="polite">
        Page {page} / {lastPage}
      </span>
      <button type="button" className="btn btn-outline-primary" disabled={page >= lastPage} onClick={() => onChange(page + 1)}>
        Suivant
      </button>
    </nav>
  )
}
