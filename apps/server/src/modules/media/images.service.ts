// The one way an uploaded image reaches sharp (issue 16, ADR 018): its declared size is read
// from its header and refused before any decoding, then it is rendered a few at a time in a
// bounded queue, so that ten big images at once cannot take the server's memory and CPU.
import os from 'node:os'
import sharp from 'sharp'
import { CATALOGUE_MESSAGES as M, IMAGE_MAX_PIXELS } from '@teranga/shared/backoffice-catalogue'
import { AppError, badInput } from '../../lib/errors.ts'

/** What a client is told to wait before trying again when the queue is full. */
export const IMAGE_RETRY_AFTER_SECONDS = 5

export interface ImageQueueOptions {
  /** Images rendered at the same time (default: half the cores, at least 1). */
  concurrency?: number
  /** Images that may wait for a turn; past that, 429 (default 8: at most 16 MB of uploads held). */
  maxWaiting?: number
}

/** The queue is full: a 429 whose `Retry-After` the route sets. */
export class ImageQueueFull extends AppError {
  readonly retryAfterSeconds = IMAGE_RETRY_AFTER_SECONDS
  constructor() {
    super(429, 'TOO_MANY_REQUESTS', M.imageQueueFull)
  }
}

/** Runs jobs `concurrency` at a time; at most `maxWaiting` wait, the next ones are refused. */
export function createImageQueue(options: ImageQueueOptions = {}) {
  const concurrency = Math.max(1, options.concurrency ?? Math.floor(os.availableParallelism() / 2))
  const maxWaiting = Math.max(0, options.maxWaiting ?? 8)
  const turns: Array<() => void> = []
  let running = 0
  let peak = 0
  let started = 0

  function release() {
    // A finished job hands its place to the first waiting one: `running` stays the same.
    const next = turns.shift()
    if (next) next()
    else running--
  }

  return {
    concurrency,
    maxWaiting,
    get running() {
      return running
    },
    get waiting() {
      return turns.length
    },
    /** The most jobs ever run at the same time. */
    get peak() {
      return peak
    },
    /** Jobs started since the app began. */
    get started() {
      return started
    },
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running < concurrency) running++
      else if (turns.length >= maxWaiting) throw new ImageQueueFull()
      else await new Promise<void>((resolve) => turns.push(resolve))
      started++
      peak = Math.max(peak, running)
      try {
        return await job()
      } finally {
        release()
      }
    },
  }
}

export type ImageQueue = ReturnType<typeof createImageQueue>

export interface Rendering {
  width: number
  bytes: Buffer
}

/**
 * Sets sharp up for a server that renders uploads: libvips' operation cache kept nothing an
 * upload would reuse (each is rendered once) and held tens of megabytes; one libvips thread
 * per image leaves the other cores to requests and the database.
 */
function configureSharp() {
  sharp.cache(false)
  sharp.concurrency(1)
}

export function createImageRenderer(options: ImageQueueOptions = {}) {
  configureSharp()
  const queue = createImageQueue(options)
  const input = { limitInputPixels: IMAGE_MAX_PIXELS, sequentialRead: true, animated: false } as const

  return {
    queue,
    /**
     * `bytes` (a JPEG, PNG or GIF already told by its first bytes) rendered to WebP in each of
     * `widths`, never wider than the source. An image declaring more than IMAGE_MAX_PIXELS is
     * refused from its header alone; broken content is refused as a wrong type; a full queue
     * is an ImageQueueFull.
     */
    async render(bytes: Buffer, widths: readonly number[], field = 'image'): Promise<Rendering[]> {
      // The pixel limit is left to this check, which names the dimensions: reading the header decodes nothing.
      const header = await sharp(bytes, { ...input, limitInputPixels: false })
        .metadata()
        .catch(() => undefined)
      if (!header?.width || !header.height) throw badInput(M.imageType, { [field]: [M.imageType] })
      const height = header.pageHeight ?? header.height
      if (header.width * height > IMAGE_MAX_PIXELS) {
        const message = M.imageTooManyPixels(header.width, height)
        throw badInput(message, { [field]: [message] })
      }
      // A refused image never waits for a turn: only what passed the header check is queued.
      return queue.run(async () => {
        try {
          // Decoded once, down to the widest rendering; the narrower ones come from that.
          const widest = Math.max(...widths)
          const { data, info } = await sharp(bytes, input)
            .rotate()
            .resize({ width: widest, withoutEnlargement: true })
            .raw()
            .toBuffer({ resolveWithObject: true })
          const raw = { width: info.width, height: info.height, channels: info.channels }
          const renderings: Rendering[] = []
          for (const width of widths) {
            const webp = await sharp(data, { raw }).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer()
            renderings.push({ width, bytes: webp })
          }
          return renderings
        } catch {
          // Right magic number and header, broken content.
          throw badInput(M.imageType, { [field]: [M.imageType] })
        }
      })
    },
    /**
     * A WebP rendering of ours as a JPEG, for link previews (a pasted link in WhatsApp shows a
     * JPEG; its reading of WebP is not documented). White behind any transparency.
     */
    async toJpeg(webp: Buffer): Promise<Buffer> {
      return queue.run(() => sharp(webp, input).flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer())
    },
  }
}

export type ImageRenderer = ReturnType<typeof createImageRenderer>
