// The settings' images and links (issue 16 §1): a slide's image, the logo and the two promotion
// images are media keys, the site web an https address; anything else (`//host`,
// `javascript:`, `http:`, `data:`) is a 400 naming the field, and nothing is stored or served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SETTINGS_MESSAGES as M } from '@teranga/shared/backoffice-settings'
import { createTestApp, signInStaff, type SignedIn, type TestContext } from './helpers.ts'

let shop: TestContext
let admin: SignedIn

beforeAll(async () => {
  shop = await createTestApp()
  ;({ admin } = await signInStaff(shop))
})
afterAll(() => shop?.close())

/** What a hostile admin form, or a script with an admin's token, might send as an image. */
const BAD_IMAGES = ['//evil.example/x', 'javascript:alert(1)', 'http://evil.example/x.png', 'https://evil.example/x.png', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=', '../../etc/passwd', 'slides/promo.jpg']
const BAD_LINKS = ['//evil.example', 'javascript:alert(document.cookie)', 'JavaScript:alert(1)', 'http://teranga.sn', 'data:text/html,<script>alert(1)</script>', 'https://', 'https:teranga.sn', 'ftp://teranga.sn', 'teranga.sn']

const put = (url: string, payload: Record<string, unknown>) => shop.app.inject({ method: 'PUT', url, headers: admin.auth, payload })

describe('PUT|POST /api/caroussel: the image is a media key', () => {
  it('refuses each address form with the field named, and keeps the slide as it was', async () => {
    const created = await shop.app.inject({ method: 'POST', url: '/api/caroussel', headers: admin.auth, payload: { image: 'banners/slide-fraicheur', titre: 'Fraîcheur' } })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().id as number
    for (const image of BAD_IMAGES) {
      const res = await put(`/api/caroussel/${id}`, { image, titre: 'Piégée' })
      expect(res.statusCode, image).toBe(400)
      expect(res.json().errors, image).toEqual({ image: [M.slideImageInvalid] })
      const added = await shop.app.inject({ method: 'POST', url: '/api/caroussel', headers: admin.auth, payload: { image } })
      expect(added.statusCode, image).toBe(400)
      expect(added.json().errors.image, image).toEqual([M.slideImageInvalid])
    }
    expect((await shop.app.inject({ url: `/api/caroussel/${id}`, headers: admin.auth })).json()).toMatchObject({ image: 'banners/slide-fraicheur', titre: 'Fraîcheur' })
    const served = JSON.stringify((await shop.app.inject({ url: '/api/caroussels' })).json())
    expect(served).not.toContain('evil')
    expect(served).not.toContain('javascript:')
  })

  it('takes an uploaded or seeded media key, served as the shop’s own renderings', async () => {
    const created = await shop.app.inject({ method: 'POST', url: '/api/caroussel', headers: admin.auth, payload: { image: 'banners/slide-epicerie', titre: 'Épicerie' } })
    const id = created.json().id as number
    const uploaded = 'uploads/0123456789abcdef0123456789abcdef'
    const res = await put(`/api/caroussel/${id}`, { image: ` ${uploaded} `, titre: 'Épicerie' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ image: uploaded })
    // Polled: the storefront's cache is emptied when the write's NOTIFY is heard.
    const slideImage = async () => ((await shop.app.inject({ url: '/api/caroussels' })).json() as Array<{ id: number; image: string }>).find((s) => s.id === id)?.image
    await expect.poll(slideImage, { timeout: 3000, interval: 20 }).toBe(`/media/${uploaded}-320.webp`)
  })
})

describe('PUT /api/preference: images are media keys, the site web is https', () => {
  it('refuses each bad site web, logo and promotion image with its own message, and stores nothing', async () => {
    const before = (await shop.app.inject({ url: '/api/preference', headers: admin.auth })).json()
    for (const siteweb of BAD_LINKS) {
      const res = await put('/api/preference', { siteweb, email: 'pirate@exemple.sn' })
      expect(res.statusCode, siteweb).toBe(400)
      expect(res.json().errors, siteweb).toEqual({ siteweb: [M.urlInvalid] })
    }
    for (const image of BAD_IMAGES) {
      const res = await put('/api/preference', { logo: image, promotion: image, promotion2: image })
      expect(res.statusCode, image).toBe(400)
      expect(res.json().errors, image).toEqual({ logo: [M.logoInvalid], promotion: [M.promotionInvalid], promotion2: [M.promotion2Invalid] })
    }
    expect((await shop.app.inject({ url: '/api/preference', headers: admin.auth })).json()).toEqual(before)
    const served = JSON.stringify((await shop.app.inject({ url: '/api/preferences' })).json())
    expect(served).not.toContain('evil')
    expect(served).not.toContain('javascript:')
    expect(served).not.toContain('pirate')
  })

  it('takes media keys and an https address; an empty field clears it; phone numbers stay as typed', async () => {
    const res = await put('/api/preference', {
      logo: 'brand/logo',
      promotion: 'uploads/0123456789abcdef0123456789abcdef',
      promotion2: 'banners/promo-fidelite',
      siteweb: 'https://teranga.sn/boutique?ref=accueil',
      telephone: '+221 33 800 00 00',
      telephone2: '77 000 00 00',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ logo: 'brand/logo', siteweb: 'https://teranga.sn/boutique?ref=accueil', telephone: '+221 33 800 00 00', telephone2: '77 000 00 00' })
    // Polled: the storefront's cache is emptied when the write's NOTIFY is heard.
    await expect.poll(async () => (await shop.app.inject({ url: '/api/preferences' })).json(), { timeout: 3000, interval: 20 }).toMatchObject({
      logo: '/media/brand/logo-320.webp',
      promotion: '/media/uploads/0123456789abcdef0123456789abcdef-320.webp',
      siteweb: 'https://teranga.sn/boutique?ref=accueil',
    })

    const cleared = await put('/api/preference', { siteweb: '', promotion2: '' })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect(cleared.json()).toMatchObject({ siteweb: null, promotion2: null, logo: 'brand/logo' })
  })
})
