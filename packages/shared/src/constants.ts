// Business constants of spec §9 and DESIGN §4 that both the storefront and the server use.

/** Default page for paginated lists, and the default and maximum page sizes. */
export const DEFAULT_PAGE = 1
export const DEFAULT_PAGE_SIZE = 12
export const MAX_PAGE_SIZE = 100

/** The shop's name, as its pages and printed slips show it (the preferences hold its contact details). */
export const SHOP_NAME = 'Teranga'

export const SEARCH_SUGGESTIONS = 5
export const SLIDESHOW_INTERVAL_MS = 3000
export const TOAST_AUTO_CLOSE_MS = 5000
export const SEARCH_HIDE_DELAY_MS = 200

export const CART_QUANTITY_MIN = 1
/** The most of one product a cart line (and so an order line) may hold: the storefront and the server. */
export const ADD_TO_CART_MAX = 99
/** Different products one cart (and so one order) may hold: a full week's shopping, far below what a cart could hold for nobody. */
export const MAX_CART_LINES = 100

/** Cart line action codes of spec §4. */
export const CART_ACTION = { add: 0, update: 1, remove: 2 } as const

/** Widths, in pixels, of the responsive WebP renderings of every catalogue image. */
export const IMAGE_WIDTHS = [160, 320, 640, 1280] as const

/** Loyalty: points earned per 1 000 FCFA of goods (DESIGN §7). */
export const FCFA_PER_POINT = 1000

/** API tokens live 30 days (DESIGN §4). */
export const API_TOKEN_TTL_DAYS = 30

/** Unpaid online orders expire after 30 minutes (DESIGN §5); the rule itself lives in order-status. */
export { UNPAID_ORDER_TTL_MINUTES } from './order-status.ts'

/** Orders one customer may place per minute (DESIGN §5, issue 9 §4.4). */
export const ORDER_RATE_LIMIT_PER_MINUTE = 10

/** Unpaid online orders one customer may hold at once: each holds stock for 30 minutes. */
export const MAX_UNPAID_ONLINE_ORDERS = 3

/** Title choices of spec §3: value 1 'Monsieur', value 0 'Madame'. */
export const CIVILITES = [
  { value: 1, label: 'Monsieur' },
  { value: 0, label: 'Madame' },
] as const

/** The default country of a new customer (ISO 3166 alpha-3). */
export const DEFAULT_COUNTRY = 'SEN'

/** The seeded delivery modes (DESIGN §5): home delivery (the zone's fee) or pickup at a depot (free). */
export const DELIVERY_MODE_CODES = ['DOMICILE', 'RETRAIT'] as const
export type DeliveryModeCode = (typeof DELIVERY_MODE_CODES)[number]
export const isDeliveryModeCode = (code: string): code is DeliveryModeCode => (DELIVERY_MODE_CODES as readonly string[]).includes(code)

/** Cash (`CASH`) is paid on delivery; every other payment mode online, at its provider (DESIGN §6). */
export const PAY_ON_DELIVERY = 'CASH'
export const isOnlinePayment = (code: string) => code !== PAY_ON_DELIVERY

/** Saved delivery addresses a customer may keep. */
export const MAX_SAVED_ADDRESSES = 20

/** The back-office roles (DESIGN §1): `admin` does everything; `gestionnaire` runs orders,
 * stock counts and customers, and reads the catalogue; `livreur` (issue 25 §3, ADR 056) sees
 * only « Mes livraisons », the orders handed to the courier they are linked to. */
export const STAFF_ROLES = ['admin', 'gestionnaire', 'livreur'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]
/** The roles as people read them (here, beside the roles, so that the back office's entry reads them without the staff schemas). */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: 'Administrateur', gestionnaire: 'Gestionnaire', livreur: 'Livreur' }
export const isStaffRole = (role: string | null | undefined): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role ?? '')

/** The longest note a shopper may leave the preparer (issue 25 §2), as the database checks it. */
export const ORDER_NOTE_MAX = 500

/** The longest landmark (« point de repère ») for the courier (issue 25 §3), as the database checks it. */
export const REPERE_MAX = 150
