/**
 * The media pipeline. A raster original (JPEG, PNG or WebP) in src/media/ is shown at the /media
 * address of the same name, whatever that address's extension: the build turns it into AVIF and
 * WebP at several widths under hashed, immutable names in /assets/ (public/_headers caches them
 * for a year). Everything in public/media (SVG, video, posters) is served as it is.
 *
 * An overlay directory laid out like src/media (XR_MEDIA_OVERLAY) is consulted first: the
 * realistic-media audit uses it to swap in big photos without touching the repository.
 * Encoded files are cached in node_modules/.cache/xr-media by a hash of the original and the
 * settings, so the many builds of the tests and audits encode each image once.
 *
 * A cover image (one that fills a box of the screen's shape, the hero poster) also gets a portrait
 * centre crop for phones (`portrait`): a phone in portrait shows only a narrow slice of a landscape
 * cover, and the crop sends that slice, not the whole frame (components/sections/Hero.tsx).
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { basename, extname, join, relative } from 'node:path'
import sharp from 'sharp'
import { socialCard } from './social-card.ts'
import {
  builtWidths,
  IMAGE_QUALITY,
  IMAGE_WIDTHS,
  PORTRAIT_CROP,
  type ImageVariant,
  type RasterImage,
} from '../lib/picture.ts'

export { IMAGE_WIDTHS, PORTRAIT_CROP }

/** sharp's settings per format: the shared quality (lib/picture.ts) at effort 4. */
const settingsFor = ({ avif, webp }: { avif: number; webp: number }) =>
  ({ avif: { quality: avif, effort: 4 }, webp: { quality: webp, effort: 4 } }) as const
const SETTINGS = settingsFor(IMAGE_QUALITY.photo)
const COVER_SETTINGS = settingsFor(IMAGE_QUALITY.cover)
type EncodeSettings = typeof SETTINGS

const RASTER_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp']

export interface MediaOptions {
  root: string
  /** A directory laid out like src/media whose originals take precedence. */
  overlay?: string
  /** /media paths of cover images (the hero poster), which also get a portrait crop. */
  covers?: string[]
}

interface Built {
  image: RasterImage
  /** Output name → cached file. */
  files: Map<string, string>
}

export class MediaPipeline {
  private readonly built = new Map<string, Promise<Built>>()
  private readonly cacheDir: string
  private readonly originalDirs: string[]
  private readonly covers: Set<string>
  /** Social cards made so far: output name → cached file. */
  private readonly cards = new Map<string, string>()

  constructor(private readonly options: MediaOptions) {
    this.cacheDir = join(options.root, 'node_modules/.cache/xr-media')
    this.originalDirs = [options.overlay, join(options.root, 'src/media')].filter((d): d is string => !!d)
    this.covers = new Set((options.covers ?? []).map(stemOf))
  }

  /** The raster original behind a /media path, if any: the overlay's first, then src/media's. */
  originalOf(mediaPath: string): string | undefined {
    const stem = stemOf(mediaPath).replace(/^\/media\//, '')
    for (const dir of this.originalDirs) {
      for (const ext of RASTER_EXTENSIONS) {
        if (existsSync(join(dir, stem + ext))) return join(dir, stem + ext)
      }
    }
    return undefined
  }

  /** The picture data of a /media image: built variants for a raster original, else the public file's size. */
  async describe(mediaPath: string): Promise<{ width: number; height: number; raster?: RasterImage }> {
    const original = this.originalOf(mediaPath)
    if (original) {
      const { image } = await this.build(original, this.covers.has(stemOf(mediaPath)))
      return { width: image.width, height: image.height, raster: image }
    }
    const file = join(this.options.root, 'public', mediaPath)
    if (!existsSync(file)) throw new Error(`no such image: ${mediaPath} (neither in src/media nor in public)`)
    const { width, height } = await sharp(file).metadata()
    return { width: width ?? 0, height: height ?? 0 }
  }

  /** Every raster original, by /media path without extension (what `virtual:media` exports). */
  async manifest(): Promise<Record<string, RasterImage>> {
    const entries = new Map<string, string>()
    for (const dir of [...this.originalDirs].reverse()) {
      for (const file of filesUnder(dir)) {
        if (RASTER_EXTENSIONS.includes(extname(file).toLowerCase()))
          entries.set('/media/' + relative(dir, file).replace(/\.\w+$/, ''), file)
      }
    }
    const manifest: Record<string, RasterImage> = {}
    for (const [stem, file] of [...entries].sort())
      manifest[stem] = (await this.build(file, this.covers.has(stem))).image
    return manifest
  }

  /** The 1200 × 630 social card of a /media image (build/social-card.ts): its /assets address. */
  async socialCardOf(mediaPath: string): Promise<string> {
    const file = this.originalOf(mediaPath) ?? join(this.options.root, 'public', mediaPath)
    const stem = basename(mediaPath, extname(mediaPath)).replace(/[^\w-]+/g, '-')
    const name = await socialCard(readFileSync(file), stem, this.cacheDir)
    this.cards.set(name, join(this.cacheDir, name))
    return `/assets/${name}`
  }

  /** Every file built so far: output name → cached file (the client build emits them). */
  async outputs(): Promise<Map<string, string>> {
    const all = new Map<string, string>(this.cards)
    for (const built of this.built.values())
      for (const [name, file] of (await built).files) all.set(name, file)
    return all
  }

  private build(original: string, cover: boolean): Promise<Built> {
    const key = `${original}${cover ? ' (cover)' : ''}`
    let built = this.built.get(key)
    if (!built) this.built.set(key, (built = this.encode(original, cover)))
    return built
  }

  private async encode(original: string, cover: boolean): Promise<Built> {
    const source = readFileSync(original)
    const hash = createHash('sha256')
      .update(source)
      .update(
        JSON.stringify(cover ? [COVER_SETTINGS, IMAGE_WIDTHS, PORTRAIT_CROP] : [SETTINGS, IMAGE_WIDTHS]),
      )
      .digest('hex')
      .slice(0, 10)
    const stem = basename(original, extname(original)).replace(/[^\w-]+/g, '-')
    mkdirSync(this.cacheDir, { recursive: true })
    const described = join(this.cacheDir, `${stem}-${hash}.json`)
    if (!existsSync(described)) {
      // Decode and orient the original once.
      const { data, info } = await sharp(source).rotate().raw().toBuffer({ resolveWithObject: true })
      const raw = { width: info.width, height: info.height, channels: info.channels }
      const settings = cover ? COVER_SETTINGS : SETTINGS
      const sets: Described = {
        ...(await this.encodeSet(data, raw, `${stem}-${hash}-`, IMAGE_WIDTHS.at(-1)!, settings)),
      }
      if (cover) {
        // The centre of the frame, full height, as wide as the crop's shape allows.
        const cropWidth = Math.min(raw.width, Math.round(raw.height * PORTRAIT_CROP.ratio))
        const crop = await sharp(data, { raw })
          .extract({
            left: Math.floor((raw.width - cropWidth) / 2),
            top: 0,
            width: cropWidth,
            height: raw.height,
          })
          .raw()
          .toBuffer({ resolveWithObject: true })
        const cropRaw = { width: crop.info.width, height: crop.info.height, channels: crop.info.channels }
        sets.portrait = await this.encodeSet(
          crop.data,
          cropRaw,
          `${stem}-${hash}-p`,
          PORTRAIT_CROP.maxWidth,
          settings,
        )
      }
      atomicWrite(described, JSON.stringify(sets))
    }
    const sets = JSON.parse(readFileSync(described, 'utf8')) as Described
    const files = new Map<string, string>()
    const image = (set: VariantSet, prefix: string) => {
      const variants = (format: 'avif' | 'webp'): ImageVariant[] =>
        set.widths.map((w) => {
          const name = `${prefix}${w}.${format}`
          files.set(name, join(this.cacheDir, name))
          return { url: `/assets/${name}`, width: w, bytes: readFileSync(files.get(name)!).byteLength }
        })
      return { width: set.width, height: set.height, avif: variants('avif'), webp: variants('webp') }
    }
    const built: RasterImage = image(sets, `${stem}-${hash}-`)
    if (sets.portrait) built.portrait = image(sets.portrait, `${stem}-${hash}-p`)
    return { image: built, files }
  }

  /**
   * AVIF and WebP of decoded pixels at each built width up to `maxWidth` (and at the image's own
   * width when it is narrower: never enlarged), from one copy at most `maxWidth` wide.
   */
  private async encodeSet(
    data: Buffer,
    raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
    prefix: string,
    maxWidth: number,
    settings: EncodeSettings,
  ): Promise<VariantSet> {
    const base = await sharp(data, { raw })
      .resize({ width: maxWidth, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
    const { width, height, channels } = base.info
    const widths = builtWidths(width, maxWidth)
    for (const format of ['avif', 'webp'] as const) {
      for (const w of widths) {
        const pipeline = sharp(base.data, { raw: { width, height, channels } }).resize({ width: w })
        const encoded = await (
          format === 'avif' ? pipeline.avif(settings.avif) : pipeline.webp(settings.webp)
        ).toBuffer()
        atomicWrite(join(this.cacheDir, `${prefix}${w}.${format}`), encoded)
      }
    }
    return { width, height, widths }
  }
}

/** The size and built widths of one set of variants, as cached beside them. */
interface VariantSet {
  width: number
  height: number
  widths: number[]
}
type Described = VariantSet & { portrait?: VariantSet }

/** A /media path without its extension: how the manifest and `covers` name an image. */
function stemOf(mediaPath: string): string {
  return mediaPath.replace(/\.\w+$/, '')
}

/** Write then rename, so a build running beside another never reads half a file. */
function atomicWrite(file: string, data: string | Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, data)
  renameSync(temporary, file)
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}
