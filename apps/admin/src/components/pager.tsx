// The server's pages under a list, its total beside: the table's, or the phone's cards'.
import { Button } from 'react-bootstrap'

export function Pager(props: { page: number; pageCount: number; total?: number; onPageChange: (page: number) => void }) {
  return (
    <nav aria-label="Pagination" className="d-flex align-items-center gap-2 justify-content-between">
      <Button variant="outline-dark" size="sm" disabled={props.page <= 1} onClick={() => props.onPageChange(props.page - 1)}>
        Précédente
      </Button>
      <span className="small">
        Page {props.page} sur {Math.max(props.pageCount, 1)}
        {props.total !== undefined ? ` · ${props.total} résultat${props.total > 1 ? 's' : ''}` : ''}
      </span>
      <Button variant="outline-dark" size="sm" disabled={props.page >= props.pageCount} onClick={() => props.onPageChange(props.page + 1)}>
        Suivante
      </Button>
    </nav>
  )
}
