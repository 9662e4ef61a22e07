// The page arrives drawn by the server; its code is fetched once the pictures in sight have
// loaded, so that on a slow connection the text and the first images get the bandwidth before
// the scripts, and paint before the scripts take the main thread (docs/decisions/007). A tap,
// a key or a wait of IMAGES_WAIT_MS starts the code at once. Hydration follows as soon as the
// code is there.
import './styles/app.scss'

/** The longest the code waits for the pictures in sight (a stalled one must not hold the page). */
const IMAGES_WAIT_MS = 3000

let started = false
function start() {
  if (started) return
  started = true
  void import('./main.tsx')
}

/** The pictures the shopper sees first: laid out, and at least partly inside the window. */
function imagesInSight(): HTMLImageElement[] {
  return Array.from(document.images).filter((img) => {
    const box = img.getBoundingClientRect()
    return box.width > 0 && box.height > 0 && box.top < window.innerHeight && box.bottom > 0 && box.left < window.innerWidth && box.right > 0
  })
}

const settled = (img: HTMLImageElement) =>
  img.complete
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        img.addEventListener('load', () => resolve(), { once: true })
        img.addEventListener('error', () => resolve(), { once: true })
      })

for (const type of ['pointerdown', 'keydown'] as const) addEventListener(type, start, { once: true, capture: true, passive: true })

requestAnimationFrame(() => {
  const pictures = Promise.all(imagesInSight().map(settled))
  const wait = new Promise((resolve) => setTimeout(resolve, IMAGES_WAIT_MS))
  // One more frame, so that the pictures are painted before the code runs.
  void Promise.race([pictures, wait]).then(() => requestAnimationFrame(() => setTimeout(start, 0)))
})
