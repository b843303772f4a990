/**
 * Realistic photos for the media pipeline's proof (issue 12): 4000 × 3000 JPEGs with photographic
 * detail (lit gradients, soft out-of-focus shapes, fine structure and sensor grain, never flat
 * colour), 2–5 MB each, written to a git-ignored directory laid out like src/media. A build with
 * XR_MEDIA_OVERLAY=<that directory> shows them in place of the hero poster, the commerce-suite
 * cards, the blog cards and the figure of /blog-1; nothing in the repository changes.
 *
 *   node tests/tools/realistic-media.mjs [--out reports/realistic-media]
 *
 * The photos are the same on every run (seeded), and a run keeps files that are already there.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import sharp from 'sharp'

export const REALISTIC_MEDIA_DIR = 'reports/realistic-media'
const WIDTH = 4000
const HEIGHT = 3000
const MB = 1024 * 1024

/** Where each photo goes (what it replaces), and the light of its scene. */
export const REALISTIC_PHOTOS = [
  { file: 'home/hero.jpg', hue: [40, 60, 140], seed: 1 },
  { file: 'home/suite/configurator.jpg', hue: [170, 90, 60], seed: 2 },
  { file: 'home/suite/digital-twin.jpg', hue: [90, 130, 160], seed: 3 },
  { file: 'home/suite/virtual-mall.jpg', hue: [150, 70, 160], seed: 4 },
  { file: 'home/blog/blog-1.jpg', hue: [60, 120, 180], seed: 5 },
  { file: 'home/blog/blog-2.jpg', hue: [180, 120, 60], seed: 6 },
  { file: 'home/blog/blog-3.jpg', hue: [120, 170, 110], seed: 7 },
  { file: 'blog/product-in-3d.jpg', hue: [200, 160, 120], seed: 8 },
]

/** A small seeded generator (mulberry32), so the photos are the same on every run. */
function random(seed) {
  let a = seed * 0x9e3779b9
  return () => {
    a |= 0
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A scene at 1/10 scale: a lit gradient, a floor, shelves and soft blobs of colour. */
async function scene({ hue, seed }) {
  const rand = random(seed)
  const w = WIDTH / 10
  const h = HEIGHT / 10
  const blobs = Array.from({ length: 14 }, () => {
    const [r, g, b] = hue.map((c) => Math.round(Math.min(255, c * (0.4 + rand() * 1.2))))
    const [cx, cy, rx] = [rand() * w, rand() * h, 8 + rand() * 60]
    return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${rx * (0.5 + rand())}" fill="rgb(${r},${g},${b})" opacity="${0.3 + rand() * 0.6}"/>`
  })
  const shelves = Array.from({ length: 9 }, (_, i) => {
    const y = h * 0.3 + i * h * 0.07
    return `<rect x="0" y="${y}" width="${w}" height="${1 + rand() * 2}" fill="#fff" opacity="${0.15 + rand() * 0.3}"/>`
  })
  const [r, g, b] = hue
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0.3" y2="1">
      <stop offset="0" stop-color="rgb(${r},${g},${b})"/><stop offset="0.6" stop-color="rgb(${b},${r},${g})"/>
      <stop offset="1" stop-color="rgb(${g >> 1},${b >> 1},${r >> 1})"/></linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="6"/></filter></defs>
    <rect width="${w}" height="${h}" fill="url(#sky)"/>
    <g filter="url(#soft)">${blobs.join('')}</g>${shelves.join('')}
  </svg>`
  return sharp(Buffer.from(svg)).resize(WIDTH, HEIGHT, { kernel: 'cubic' }).removeAlpha().raw().toBuffer()
}

/** Random texture at 1/scale resolution, smoothly enlarged: detail that survives downscaling. */
async function texture(seed, scale) {
  const rand = random(seed)
  const [w, h] = [Math.ceil(WIDTH / scale), Math.ceil(HEIGHT / scale)]
  const small = Buffer.alloc(w * h)
  for (let i = 0; i < small.length; i++) small[i] = Math.floor(rand() * 256)
  return sharp(small, { raw: { width: w, height: h, channels: 1 } })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .raw()
    .toBuffer()
}

/**
 * Surface texture at three scales (32, 8 and 2 px, like fabric, wood or foliage) and sensor grain
 * on top of the scene: real photos keep detail at every size, so a downscaled copy still has some.
 */
async function addDetail(pixels, seed, grain) {
  const octaves = [
    [await texture(seed * 31, 32), 34],
    [await texture(seed * 37, 8), 26],
    [await texture(seed * 41, 2), 18],
  ]
  const rand = random(seed * 7919)
  for (let p = 0, i = 0; i < pixels.length; p++, i += 3) {
    let shade = 0
    for (const [layer, amplitude] of octaves) shade += ((layer[p] ?? 128) / 255 - 0.5) * amplitude
    for (let c = 0; c < 3; c++) {
      const value = pixels[i + c] + shade + (rand() - 0.5) * grain
      pixels[i + c] = value < 0 ? 0 : value > 255 ? 255 : value
    }
  }
  return pixels
}

/**
 * Writes the photos that are missing into `out` and returns their paths.
 * @param {string} out
 */
export async function generateRealisticMedia(out = REALISTIC_MEDIA_DIR) {
  const files = []
  for (const photo of REALISTIC_PHOTOS) {
    const file = resolve(out, photo.file)
    files.push(file)
    if (existsSync(file)) continue
    mkdirSync(dirname(file), { recursive: true })
    const pixels = await addDetail(await scene(photo), photo.seed, 20)
    await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .jpeg({ quality: 88, chromaSubsampling: '4:4:4' })
      .toFile(file)
    const size = statSync(file).size
    if (size < 2 * MB || size > 5 * MB)
      throw new Error(`${photo.file}: ${(size / MB).toFixed(1)} MB, outside 2–5 MB: adjust the grain`)
    console.error(`• ${join(out, photo.file)}: ${WIDTH}×${HEIGHT}, ${(size / MB).toFixed(1)} MB`)
  }
  return files
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--out')
  await generateRealisticMedia(at > 0 ? (process.argv[at + 1] ?? REALISTIC_MEDIA_DIR) : REALISTIC_MEDIA_DIR)
}
