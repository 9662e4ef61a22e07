// Image uploads (issue 10): checked by their bytes, not their name; at most 2 MB; rendered to
// WebP in every width the storefront asks for, kept in PostgreSQL and served immutably.
// Issue 16: too many declared pixels refused before decoding; a few rendered at a time.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import zlib from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOGUE_MESSAGES as M, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, detectImageType } from '@teranga/shared/backoffice-catalogue'
import { IMAGE_WIDTHS } from '@teranga/shared/constants'
import { MESSAGES } from '@teranga/shared/server-messages'
import { auditLog, medias } from '../src/db/schema.ts'
import { IMAGE_RETRY_AFTER_SECONDS } from '../src/modules/media/images.service.ts'
import { makeSubcategory } from './factories.ts'
import { anotherInstance, createTestApp, signInStaff, gql, testConfig, type SignedIn, type TestContext } from './helpers.ts'

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

const upload = (who: SignedIn | undefined, field: string, filename: string, type: string, bytes: Buffer, app: FastifyInstance = shop.app) => {
  const body = multipart(field, filename, type, bytes)
  return app.inject({ method: 'POST', url: '/api/media', payload: body.payload, headers: { ...body.headers, ...(who?.auth ?? {}) } })
}

/**
 * A pixel bomb: a tiny GIF made by sharp whose screen and frame then declare width × height.
 * Decoded, it takes 4 bytes a pixel (6000 × 6000: 144 MB) for a file of a few dozen bytes.
 */
async function gifDeclaring(width: number, height: number): Promise<Buffer> {
  const gif = Buffer.from(await image('gif', 16, 16))
  gif.writeUInt16LE(width, 6)
  gif.writeUInt16LE(height, 8)
  // Past the global colour table and the extensions, to the image descriptor.
  let at = 13 + (gif[10]! & 0x80 ? 3 * 2 ** ((gif[10]! & 7) + 1) : 0)
  while (gif[at] === 0x21) {
    at += 2
    while (gif[at]! > 0) at += gif[at]! + 1
    at += 1
  }
  expect(gif[at]).toBe(0x2c)
  gif.writeUInt16LE(width, at + 5)
  gif.writeUInt16LE(height, at + 7)
  return gif
}

/** The same with a PNG: its IHDR declares width × height (and its checksum is right). */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await image('png', 16, 16))
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29)
  return png
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

describe('image processing is bounded (issue 16)', () => {
  it('an image declaring more than 25 megapixels is refused from its header, in French, before any decoding', async () => {
    const started = shop.app.images.queue.started
    const before = await shop.db.$count(medias)
    const cases = [
      { bytes: await gifDeclaring(6000, 6000), width: 6000, height: 6000, type: 'image/gif' },
      { bytes: await pngDeclaring(6000, 6000), width: 6000, height: 6000, type: 'image/png' },
      { bytes: await gifDeclaring(5001, 5000), width: 5001, height: 5000, type: 'image/gif' },
    ]
    for (const { bytes, width, height, type } of cases) {
      expect(width * height).toBeGreaterThan(IMAGE_MAX_PIXELS)
      const res = await upload(admin, 'image', 'bombe', type, bytes)
      expect(res.statusCode, res.body).toBe(400)
      const message = M.imageTooManyPixels(width, height)
      expect(message).toBe(`L'image est trop grande (${width} × ${height} pixels, max 25 mégapixels)`)
      expect(res.json()).toEqual({ message, errors: { image: [message] } })
    }
    // Nothing was queued, so nothing was decoded; nothing stored.
    expect(shop.app.images.queue.started).toBe(started)
    expect(await shop.db.$count(medias)).toBe(before)
  })

  it('an image whose header passes but whose content is broken is refused, and frees its turn', async () => {
    const png = await image('png', 64, 64)
    // The IHDR and the start of the data, cut short.
    const cut = png.subarray(0, 60)
    const res = await upload(admin, 'image', 'coupee.png', 'image/png', cut)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().errors).toEqual({ image: [M.imageType] })
    expect(shop.app.images.queue.running).toBe(0)
    expect((await upload(admin, 'image', 'ok.png', 'image/png', png)).statusCode).toBe(201)
  })

  it('many uploads at once: never more than 2 rendered at the same time, all rendered in turn', async () => {
    const instance = await anotherInstance(shop, { imageQueue: { concurrency: 2, maxWaiting: 8 } })
    try {
      const queue = instance.images.queue
      const png = await image('png', 1600, 1200)
      // Ten at once: two rendered, eight waiting, none refused.
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => upload(admin, 'image', `${i}.png`, 'image/png', png, instance)))
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201))
      expect(new Set(answers.map((a) => a.json().key)).size).toBe(10)
      expect(queue.started).toBe(10)
      expect(queue.peak).toBeGreaterThanOrEqual(1)
      expect(queue.peak).toBeLessThanOrEqual(2)
      expect([queue.running, queue.waiting]).toEqual([0, 0])
    } finally {
      await instance.close()
    }
  })

  it('past the waiting places, a French 429 with Retry-After; those waiting are rendered once a place frees', async () => {
    const instance = await anotherInstance(shop, { imageQueue: { concurrency: 2, maxWaiting: 3 } })
    try {
      const queue = instance.images.queue
      // Both places held, so the uploads below wait for their turn whatever their speed.
      let free = () => {}
      const held = new Promise<void>((resolve) => (free = resolve))
      const holders = [queue.run(() => held), queue.run(() => held)]
      expect(queue.running).toBe(2)

      const png = await image('png', 400, 300)
      const waiting = Array.from({ length: 3 }, (_, i) => upload(admin, 'image', `${i}.png`, 'image/png', png, instance))
      await expect.poll(() => queue.waiting, { timeout: 3000, interval: 10 }).toBe(3)

      for (const format of ['png', 'gif'] as const) {
        const refused = await upload(admin, 'image', `trop.${format}`, `image/${format}`, await image(format, 40, 30), instance)
        expect(refused.statusCode, refused.body).toBe(429)
        expect(refused.json()).toEqual({ message: M.imageQueueFull })
        expect(refused.json().message).toBe("Trop d'images sont en cours de traitement : réessayez dans quelques secondes")
        expect(refused.headers['retry-after']).toBe(String(IMAGE_RETRY_AFTER_SECONDS))
      }
      // A pixel bomb is still told what is wrong with it, not to come back later.
      const bomb = await upload(admin, 'image', 'bombe.gif', 'image/gif', await gifDeclaring(6000, 6000), instance)
      expect(bomb.statusCode).toBe(400)
      expect(queue.started).toBe(2)

      free()
      await Promise.all(holders)
      const answers = await Promise.all(waiting)
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201])
      expect(queue.started).toBe(5)
      expect(queue.peak).toBe(2)
      expect([queue.running, queue.waiting]).toEqual([0, 0])
    } finally {
      await instance.close()
    }
  })
})

describe('link previews under /media/apercu/ (issue 19 §3)', () => {
  const jpegOf = async (url: string) => {
    const res = await shop.app.inject({ url })
    return { res, meta: res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : undefined }
  }

  it('a seeded rendering as a JPEG of the same width, kept a week, the same bytes on the next ask', async () => {
    const { res, meta } = await jpegOf('/media/apercu/catalogue/avocado-640.jpg')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/jpeg')
    expect(res.headers['cache-control']).toBe('public, max-age=604800')
    expect(res.headers['x-ratelimit-limit']).toBe('120')
    expect(meta).toMatchObject({ format: 'jpeg', width: (await sharp(`assets/media/catalogue/avocado-640.webp`).metadata()).width })
    const again = await shop.app.inject({ url: '/media/apercu/catalogue/avocado-640.jpg' })
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true)
  })

  it('an uploaded rendering as a JPEG, immutable like its WebP', async () => {
    const uploaded = await upload(admin, 'image', 'photo.png', 'image/png', await image('png', 800, 600))
    expect(uploaded.statusCode).toBe(201)
    const { key } = uploaded.json()
    const { res, meta } = await jpegOf(`/media/apercu/${key}-640.jpg`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 480 })
  })

  it('an older upload kept as a file under DATA_DIR has its JPEG too', async () => {
    const key = randomBytes(16).toString('hex')
    const dir = path.join(testConfig().dataDir, 'media', 'uploads')
    await fs.mkdir(dir, { recursive: true })
    await fs.writeFile(path.join(dir, `${key}-640.webp`), await sharp({ create: { width: 640, height: 400, channels: 3, background: '#336699' } }).webp().toBuffer())
    // The folder is looked for when an instance starts.
    const other = await anotherInstance(shop)
    try {
      const res = await other.inject({ url: `/media/apercu/uploads/${key}-640.jpg` })
      expect(res.statusCode).toBe(200)
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 400 })
    } finally {
      await other.close()
      await fs.rm(path.join(dir, `${key}-640.webp`), { force: true })
    }
  })

  it('404 for what is not one of our renderings: unknown, a width we do not make, another extension, a way out of the folder', async () => {
    for (const url of [
      '/media/apercu/catalogue/nothing-640.jpg',
      `/media/apercu/uploads/${'0'.repeat(32)}-640.jpg`,
      '/media/apercu/catalogue/avocado-999.jpg',
      '/media/apercu/catalogue/avocado-640.webp',
      '/media/apercu/catalogue/avocado-640.png',
      '/media/apercu/../catalogue/avocado-640.jpg',
      '/media/apercu/%2e%2e/assets/media/catalogue/avocado-640.jpg',
      '/media/apercu/catalogue/..%2fcatalogue/avocado-640.jpg',
    ]) {
      const res = await shop.app.inject({ url })
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 })
    }
  })
})
