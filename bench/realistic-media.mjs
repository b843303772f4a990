/**
 * Realistic photos for the media pipeline's proof (issues 12 and 22): JPEGs the size of real camera
 * and stock files, which compress like real photographs, written to a git-ignored directory laid
 * out like src/media. A build with XR_MEDIA_OVERLAY=<that directory> shows them in place of the
 * hero poster, the commerce-suite cards, the blog cards and the figure of /blog-1; nothing in the
 * repository changes.
 *
 *   node bench/realistic-media.mjs [--out reports/realistic-media] [--check]
 *
 * What makes a photograph expensive to encode is detail at every scale: natural images have an
 * amplitude spectrum close to 1/f (about the same contrast in every octave, from the horizon down
 * to a blade of grass), hard edges where objects meet, textures that differ from region to region
 * (smooth sky, busy foliage) and sensor grain. Each photo here is built that way at its full
 * resolution: value noise in every octave from 2 px to the frame's width with amplitudes that
 * follow 1/f, a ridge line and thresholded noise as the edges of sky, hills, foliage and rock,
 * each region with its own colour, light and texture strength, and grain on top. An earlier set
 * (a small lit scene enlarged to 4000 × 3000) kept too little fine detail: its 1920 px AVIF was
 * 66 KB where a real landscape gives 150–300 KB, so it hid a regression that real photos showed.
 *
 * --check prints, for every file, its size and the size of its 1920 px AVIF at q50 (the pipeline's
 * encoder), to compare with real photos. The photos are the same on every run (seeded), and a run
 * keeps files that are already there (delete the directory after changing this file).
 */
import { existsSync, mkdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import sharp from 'sharp'

export const REALISTIC_MEDIA_DIR = 'reports/realistic-media'
const MB = 1024 * 1024
/** Sensor grain, in levels either side (most of a full-size camera file's bytes). */
const GRAIN = 14

/**
 * Where each photo goes (what it replaces), its size, and the light of its scene. The hero is a
 * full-resolution camera landscape (26 MP, 16:9); the others are the sizes of exported or stock
 * photos, 1680 × 1050 to 2560 × 1600.
 */
export const REALISTIC_PHOTOS = [
  { file: 'home/hero.jpg', width: 5640, height: 3172, hue: [70, 110, 170], seed: 1 },
  { file: 'home/suite/configurator.jpg', width: 2560, height: 1600, hue: [170, 110, 70], seed: 2 },
  { file: 'home/suite/digital-twin.jpg', width: 2048, height: 1280, hue: [90, 140, 160], seed: 3 },
  { file: 'home/suite/virtual-mall.jpg', width: 1920, height: 1200, hue: [150, 90, 160], seed: 4 },
  { file: 'home/blog/blog-1.jpg', width: 1680, height: 1050, hue: [80, 130, 180], seed: 5 },
  { file: 'home/blog/blog-2.jpg', width: 2400, height: 1500, hue: [180, 130, 80], seed: 6 },
  { file: 'home/blog/blog-3.jpg', width: 2240, height: 1400, hue: [120, 170, 110], seed: 7 },
  { file: 'blog/product-in-3d.jpg', width: 2560, height: 1600, hue: [200, 160, 120], seed: 8 },
]

/**
 * What a brand's marketing uploads as the hero in the console (issue 32): a 24-megapixel camera
 * photo (6000 × 4000, 3:2), about 20 MB as a high-quality JPEG, under the library's 25 MB limit.
 * Not part of the build's overlay (`npm run audit -- --console-hero` uploads it).
 */
export const CONSOLE_HERO_PHOTO = {
  file: 'console/hero-24mp.jpg',
  width: 6000,
  height: 4000,
  hue: [90, 120, 160],
  seed: 9,
}

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

/**
 * One octave of value noise over the whole frame: a random grid, one value every `wavelength`
 * pixels, enlarged with a cubic kernel. Returns values in −0.5…0.5.
 */
async function octave(width, height, wavelength, rand) {
  const [w, h] = [Math.ceil(width / wavelength) + 1, Math.ceil(height / wavelength) + 1]
  const grid = Buffer.alloc(w * h)
  for (let i = 0; i < grid.length; i++) grid[i] = Math.floor(rand() * 256)
  const big = await sharp(grid, { raw: { width: w, height: h, channels: 1 } })
    .resize((w - 1) * wavelength, (h - 1) * wavelength, { kernel: 'cubic' })
    .extract({ left: 0, top: 0, width, height })
    .extractChannel(0)
    .raw()
    .toBuffer()
  const out = new Float32Array(width * height)
  for (let i = 0; i < out.length; i++) out[i] = big[i] / 255 - 0.5
  return out
}

/**
 * Fractal noise with a 1/f amplitude spectrum: octaves from `finest` px up to `coarsest` px, each
 * with the same amplitude (equal contrast per octave is what 1/f means in two dimensions), times
 * `tilt` per octave (above 1 leans to coarse structure, below 1 to fine).
 */
async function fractal(width, height, rand, { finest = 2, coarsest = 2048, tilt = 1.1 } = {}) {
  const sum = new Float32Array(width * height)
  let amplitude = 1
  let total = 0
  for (let wavelength = finest; wavelength <= coarsest; wavelength *= 2) {
    const layer = await octave(width, height, wavelength, rand)
    for (let i = 0; i < sum.length; i++) sum[i] += layer[i] * amplitude
    total += amplitude
    amplitude *= tilt
  }
  // About −1…1 whatever the number of octaves.
  const scale = 2.6 / Math.sqrt(total)
  for (let i = 0; i < sum.length; i++) sum[i] *= scale
  return sum
}

/** A 1-D fractal profile (a ridge line) of `n` points, in about −1…1. */
function profile(n, rand) {
  const out = new Float32Array(n)
  for (let wavelength = n / 2, amplitude = 1; wavelength >= 2; wavelength /= 2, amplitude *= 0.62) {
    const points = Array.from({ length: Math.ceil(n / wavelength) + 2 }, () => rand() * 2 - 1)
    for (let x = 0; x < n; x++) {
      const t = x / wavelength
      const i = Math.floor(t)
      const f = t - i
      const s = f * f * (3 - 2 * f)
      out[x] += (points[i] * (1 - s) + points[i + 1] * s) * amplitude
    }
  }
  return out
}

/**
 * A landscape at full resolution: a sky with clouds above a ridge line, and below it hills whose
 * thresholded noise gives foliage, meadow and rock with hard edges, each with its own colour and
 * texture; light falls off towards the corners, and sensor grain covers everything.
 */
async function photograph({ width, height, hue, seed }) {
  const rand = random(seed)
  const n = width * height
  const detail = await fractal(width, height, rand, { finest: 2, coarsest: 2048, tilt: 1.1 })
  const fine = await fractal(width, height, rand, { finest: 2, coarsest: 32, tilt: 0.9 })
  const regions = await fractal(width, height, rand, { finest: 16, coarsest: 1024, tilt: 1.6 })
  const clouds = await fractal(width, height, rand, { finest: 32, coarsest: 2048, tilt: 1.5 })
  const tint = await fractal(width, height, rand, { finest: 64, coarsest: 2048, tilt: 1.3 })
  const ridge = profile(width, rand)
  const near = profile(width, rand)
  const [r0, g0, b0] = hue
  /** Colour and texture strength of each region: sky, far hills, meadow, foliage, rock. */
  const palette = [
    { c: [r0 * 0.6 + 90, g0 * 0.6 + 110, b0 * 0.5 + 130], texture: 0.05, light: 1.1 },
    { c: [r0 * 0.5 + 40, g0 * 0.5 + 60, b0 * 0.5 + 70], texture: 0.55, light: 0.9 },
    { c: [r0 * 0.6 + 50, g0 * 0.7 + 70, b0 * 0.3 + 20], texture: 0.75, light: 1 },
    { c: [r0 * 0.3 + 10, g0 * 0.45 + 30, b0 * 0.2 + 10], texture: 1.25, light: 0.75 },
    { c: [r0 * 0.4 + 80, g0 * 0.4 + 75, b0 * 0.4 + 70], texture: 0.9, light: 1.05 },
  ]
  const pixels = Buffer.alloc(n * 3)
  for (let y = 0, p = 0; y < height; y++) {
    const v = y / height
    for (let x = 0; x < width; x++, p++) {
      const horizon = 0.36 + ridge[x] * 0.09 + detail[p] * 0.004
      const foreground = 0.62 + near[x] * 0.07
      let region
      if (v < horizon) region = 0
      else if (v < foreground) region = regions[p] > 0.25 ? 3 : 1
      else region = regions[p] > 0.1 ? 3 : regions[p] < -0.45 ? 4 : 2
      const { c, texture, light } = palette[region]
      const u = x / width - 0.5
      const vignette = 1 - (u * u + (v - 0.5) * (v - 0.5)) * 0.9
      let shade
      if (region === 0) shade = 0.85 + v * 0.5 + clouds[p] * 0.22 + detail[p] * 0.04
      else {
        // Leaves and stones: the fine noise thresholded gives small hard-edged shapes, lit or in
        // shadow, over the broad 1/f texture of the ground.
        const leaf = fine[p] + detail[p] * 0.5
        const lit =
          region === 3 ? (leaf > 0.05 ? 0.45 : -0.35) : region === 4 ? Math.abs(leaf) * -1.2 + 0.3 : 0
        shade = 1 + (detail[p] * 0.95 + fine[p] * 0.6 + lit) * texture
      }
      shade *= light * vignette
      const warm = tint[p] * 18
      const grain = (rand() + rand() - 1) * GRAIN
      const r = c[0] * shade + warm + grain + (rand() - 0.5) * 3
      const g = c[1] * shade + grain + (rand() - 0.5) * 3
      const b = c[2] * shade - warm + grain + (rand() - 0.5) * 3
      const i = p * 3
      pixels[i] = r < 0 ? 0 : r > 255 ? 255 : r
      pixels[i + 1] = g < 0 ? 0 : g > 255 ? 255 : g
      pixels[i + 2] = b < 0 ? 0 : b > 255 ? 255 : b
    }
  }
  return pixels
}

/** Size of the 1920 px (or narrower) AVIF q50 the pipeline would make of a file. */
async function avifSize(file) {
  const out = await sharp(file)
    .resize({ width: 1920, withoutEnlargement: true })
    .avif({ quality: 50, effort: 4 })
    .toBuffer()
  return out.length
}

/**
 * Writes the photos that are missing into `out` and returns their paths.
 * @param {string} out
 * @param {{ check?: boolean, photos?: typeof REALISTIC_PHOTOS }} options
 */
export async function generateRealisticMedia(
  out = REALISTIC_MEDIA_DIR,
  { check = false, photos = REALISTIC_PHOTOS } = {},
) {
  const files = []
  for (const photo of photos) {
    const file = resolve(out, photo.file)
    files.push(file)
    if (!existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true })
      const started = Date.now()
      const pixels = await photograph(photo)
      await sharp(pixels, { raw: { width: photo.width, height: photo.height, channels: 3 } })
        .jpeg({ quality: 97, chromaSubsampling: '4:4:4' })
        .toFile(file)
      const size = statSync(file).size
      // What a camera or a stock site hands over at this size: about 0.5–1 byte per pixel.
      const [least, most] = [0.4 * photo.width * photo.height, 1.1 * photo.width * photo.height]
      if (size < least || size > most)
        throw new Error(
          `${photo.file}: ${(size / MB).toFixed(1)} MB, not like a real photo: adjust the grain`,
        )
      console.error(
        `• ${join(out, photo.file)}: ${photo.width}×${photo.height}, ${(size / MB).toFixed(1)} MB (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      )
    }
    if (check) {
      console.error(
        `  ${photo.file}: ${(statSync(file).size / MB).toFixed(1)} MB JPEG; 1920 px AVIF q50 ${Math.round((await avifSize(file)) / 1024)} KB`,
      )
    }
  }
  return files
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--out')
  await generateRealisticMedia(at > 0 ? (process.argv[at + 1] ?? REALISTIC_MEDIA_DIR) : REALISTIC_MEDIA_DIR, {
    check: process.argv.includes('--check'),
  })
}
