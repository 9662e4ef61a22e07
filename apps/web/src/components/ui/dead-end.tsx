// Where a page has nothing to show (an empty cart, a product, category or order not found):
// what is missing, and the one way on, as a button.
import type { ReactNode } from 'react'
import { Link } from 'react-router'

export function DeadEnd({ title, children, to, action }: { title?: string; children?: ReactNode; to: string; action: string }) {
  return (
    <div className="text-center py-5">
      {title && <h1 className="h3">{title}</h1>}
      {children}
      <Link to={to} className={children ? 'btn btn-primary' : 'btn btn-primary mt-2'}>
        {action}
      </Link>
    </div>
  )
}
