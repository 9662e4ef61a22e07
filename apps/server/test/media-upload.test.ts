// Image uploads (issue 10): checked by their bytes, not their name; at most 2 MB; rendered to
// WebP in every width the storefront asks for, kept in PostgreSQL and served immutably.
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOGUE_MESSAGES as M, IMAGE_MAX_BYTES, detectImageType } from '@teranga/shared/backoffice-catalogue'
import { IMAGE_WIDTHS } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/messages'
import { auditLog, medias } from '../src/db/schema.ts'
import { makeSubcategory } from './factories.ts'
import { createTestApp, signInStaff, gql, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let admin: SignedIn
let manager: SignedIn
let customer: SignedIn

beforeAll(async () => {
  shop = await createTestApp()
  ;({ admin, manager, customer } = await signInStaff(shop))
})
afterAll(() => shop?.close())

const image = (format: 'png' | 'jpeg' | 'gif', width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .toFormat(format)
    .toBuffer()

/** A 2×2 BMP, 24 bits: a real image of a type the shop refuses. */
function bmp(): Buffer {
  const row = Buffer.from([0, 0, 255, 0, 0, 255, 0, 0]) // two pixels + padding to 4 bytes
  const pixels = Buffer.concat([row, row])
  const header = Buffer.alloc(54)
  header.write('BM', 0)
  header.writeUInt32LE(54 + pixels.length, 2)
  header.writeUInt32LE(54, 10)
  header.writeUInt32LE(40, 14)
  header.writeInt32LE(2, 18)
  header.writeInt32LE(2, 22)
  header.writeUInt16LE(1, 26)
  header.writeUInt16LE(24, 28)
  header.writeUInt32LE(pixels.length, 34)
  return Buffer.concat([header, pixels])
}

function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = `----teranga${Math.random().toString(16).slice(2)}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${filename}"\r\ncontent-type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

const upload = (who: SignedIn | undefined, field: string, filename: string, type: string, bytes: Buffer) => {
  const body = multipart(field, filename, type, bytes)
  return shop.app.inject({ method: 'POST', url: '/api/media', payload: body.payload, headers: { ...body.headers, ...(who?.auth ?? {}) } })
}

describe('detectImageType', () => {
  it('tells jpeg, png and gif by their magic numbers, nothing else', async () => {
    expect(detectImageType(await image('jpeg', 4, 4))).toBe('image/jpeg')
    expect(detectImageType(await image('png', 4, 4))).toBe('image/png')
    expect(detectImageType(await image('gif', 4, 4))).toBe('image/gif')
    expect(detectImageType(bmp())).toBeNull()
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(detectImageType(new Uint8Array())).toBeNull()
  })
})

describe('POST /api/media', () => {
  it('401 for visitors, 403 for customers and gestionnaires', async () => {
    const png = await image('png', 8, 8)
    expect((await upload(undefined, 'image', 'a.png', 'image/png', png)).statusCode).toBe(401)
    const asCustomer = await upload(customer, 'image', 'a.png', 'image/png', png)
    expect(asCustomer.statusCode).toBe(403)
    expect(asCustomer.json().message).toBe(MESSAGES.staffOnly)
    const asManager = await upload(manager, 'image', 'a.png', 'image/png', png)
    expect(asManager.statusCode).toBe(403)
    expect(asManager.json().message).toBe(MESSAGES.adminOnly)
  })

  it('a PNG named .gif passes as a PNG, rendered to WebP in every width, stored, served immutably and audited', async () => {
    const res = await upload(admin, 'image', 'photo.gif', 'image/gif', await image('png', 800, 600))
    expect(res.statusCode, res.body).toBe(201)
    const { key, image: url, imagesrcset } = res.json()
    expect(key).toMatch(/^uploads\/[0-9a-f]{32}$/)
    expect(url).toBe(`/media/${key}-320.webp`)
    expect(imagesrcset).toBe(IMAGE_WIDTHS.map((w) => `/media/${key}-${w}.webp ${w}w`).join(', '))

    const rows = await shop.db.select({ width: medias.width, staffId: medias.staffId }).from(medias).where(eq(medias.key, key))
    expect(rows.map((r) => r.width).sort((a, b) => a - b)).toEqual([...IMAGE_WIDTHS])
    expect(rows.every((r) => r.staffId === admin.userId)).toBe(true)

    for (const width of IMAGE_WIDTHS) {
      const served = await shop.app.inject({ url: `/media/${key}-${width}.webp` })
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/webp')
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      const meta = await sharp(served.rawPayload).metadata()
      expect(meta.format).toBe('webp')
      // Never wider than the source (800 px).
      expect(meta.width).toBe(Math.min(width, 800))
    }
    expect((await shop.app.inject({ url: `/media/${key}-999.webp` })).statusCode).toBe(404)
    expect((await shop.app.inject({ url: `/media/uploads/${'0'.repeat(32)}-320.webp` })).statusCode).toBe(404)

    const [audit] = await shop.db.select().from(auditLog).where(eq(auditLog.resourceId, key))
    expect(audit).toMatchObject({ action: 'media.ajouter', resource: 'media', staffId: admin.userId })

    // The storefront shows an uploaded key exactly like a seeded one.
    const sc = await makeSubcategory(shop.db)
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/produit',
      headers: admin.auth,
      payload: { designation: 'Pain de singe', prix: 1000, qte: 3, unite: 'sachet', categorie_id: sc.id, image: key },
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ image: url, imagesrcset })
    const shown = await gql(shop.app, `query($id:Int!){ produits(id:$id){ image imagesrcset } }`, { id: created.json().id })
    expect(shown.data!.produits).toEqual({ image: url, imagesrcset })
  })

  it('accepts a JPEG and a GIF', async () => {
    for (const format of ['jpeg', 'gif'] as const) {
      const res = await upload(admin, 'image', `x.${format}`, `image/${format}`, await image(format, 200, 100))
      expect(res.statusCode, res.body).toBe(201)
    }
  })

  it('a BMP named .jpg is refused by its bytes', async () => {
    const res = await upload(admin, 'image', 'photo.jpg', 'image/jpeg', bmp())
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Le type de fichier est invalide')
    expect(res.json().errors).toEqual({ image: [M.imageType] })
    // Right magic number, broken content.
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)])
    expect((await upload(admin, 'image', 'x.png', 'image/png', broken)).json().message).toBe(M.imageType)
  })

  it('2 MB passes the size check, 2 MB + 1 byte is refused', async () => {
    const png = await image('png', 16, 16)
    // PNG readers ignore bytes after IEND: a valid image of exactly the limit.
    const atLimit = Buffer.concat([png, Buffer.alloc(IMAGE_MAX_BYTES - png.length)])
    expect((await upload(admin, 'image', 'big.png', 'image/png', atLimit)).statusCode).toBe(201)
    const over = Buffer.concat([png, Buffer.alloc(IMAGE_MAX_BYTES + 1 - png.length)])
    const res = await upload(admin, 'image', 'big.png', 'image/png', over)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe("L'image est trop grande (max 2MB)")
    expect(res.json().errors).toEqual({ image: [M.imageTooLarge] })
  })

  it('without a file in the `image` field: 400', async () => {
    const png = await image('png', 8, 8)
    expect((await upload(admin, 'photo', 'a.png', 'image/png', png)).json().errors).toEqual({ image: [M.imageRequired] })
    const json = await shop.app.inject({ method: 'POST', url: '/api/media', headers: admin.auth, payload: { image: 'x' } })
    expect(json.statusCode).toBe(400)
  })

  it('an unknown uploaded key is refused on a product', async () => {
    const sc = await makeSubcategory(shop.db)
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/produit',
      headers: admin.auth,
      payload: { designation: 'Fantôme', prix: 1000, qte: 3, unite: 'kg', categorie_id: sc.id, image: `uploads/${'a'.repeat(32)}` },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({ image: [M.mediaUnknown] })
  })
})
