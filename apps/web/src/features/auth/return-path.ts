// Where a shopper goes once signed up: back to the page they left for /signup (the cart, the
// checkout), carried in the link's address so that it outlives the reload signing in makes.

const RETURN_PARAM = 'retour'

/** The link to /signup from the page at `location`; on /signup itself, the page it came from stays. */
export function signupLink({ pathname, search }: { pathname: string; search: string }): string {
  if (pathname === '/signup') return `/signup${search}`
  return `/signup?${new URLSearchParams({ [RETURN_PARAM]: `${pathname}${search}` }).toString()}`
}

/**
 * The page to open once signed in from /signup: the one its address names if it is a page of
 * this shop, else home. A path only (no '//host', no backslash or blank, which browsers read
 * as another site), and never /signup again, which would only say « déjà connecté ».
 */
export function returnPath(search: string): string {
  const wanted = new URLSearchParams(search).get(RETURN_PARAM) ?? ''
  const sameShop = /^\/(?![/\\])[^\s\\]*$/.test(wanted)
  return sameShop && !/^\/signup(?:[/?#]|$)/.test(wanted) ? wanted : '/'
}
