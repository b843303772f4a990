/**
 * Vite plugin: the Markdown collections and the built images, as virtual modules compiled at build
 * time, so the worker carries finished HTML and no Markdown parser, and article pages ship no JS.
 * - `virtual:content/blog` → `posts`, `virtual:content/legal` → `legalDocuments`
 * - `virtual:media` → the built raster images by /media path (src/lib/media.ts reads it)
 * The client build emits the image files into /assets/; `vite dev` serves them from the cache and
 * reloads when a Markdown file or an original changes.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Plugin, ViteDevServer } from 'vite'
import { loadLegalDocuments, loadPosts } from './collections.ts'
import { MediaPipeline } from './media.ts'

const MODULES = ['virtual:content/blog', 'virtual:content/legal', 'virtual:media']
/** Files whose change recompiles the content in dev. */
const WATCHED = /[\\/]src[\\/](content[\\/](blog|legal)[\\/].*\.md|media[\\/].*)$/

export interface SiteContentOptions {
  /** Project root (default: Vite's root). */
  root?: string
  /** Raster originals that replace src/media's (default: $XR_MEDIA_OVERLAY). */
  overlay?: string
  /** /media paths of cover images (the hero poster), which also get a portrait crop for phones. */
  covers?: string[]
}

export function siteContent(options: SiteContentOptions = {}): Plugin {
  let root = options.root ?? process.cwd()
  let media: MediaPipeline
  let compiled: Promise<Record<string, string>> | undefined

  const overlay = options.overlay ?? process.env.XR_MEDIA_OVERLAY
  const compile = () =>
    (compiled ??= (async (): Promise<Record<string, string>> => {
      const [posts, legalDocuments, manifest] = [
        await loadPosts(root, media),
        await loadLegalDocuments(root, media),
        await media.manifest(),
      ]
      return {
        'virtual:content/blog': `export const posts = ${JSON.stringify(posts)}`,
        'virtual:content/legal': `export const legalDocuments = ${JSON.stringify(legalDocuments)}`,
        'virtual:media': `export default ${JSON.stringify(manifest)}`,
      }
    })())

  return {
    name: 'site-content',
    configResolved(config) {
      root = options.root ?? config.root
      media = new MediaPipeline({
        root,
        overlay: overlay ? resolve(root, overlay) : undefined,
        covers: options.covers,
      })
    },
    resolveId: (id) => (MODULES.includes(id) ? '\0' + id : undefined),
    async load(id) {
      if (!id.startsWith('\0virtual:') || !MODULES.includes(id.slice(1))) return
      return (await compile())[id.slice(1)]
    },
    async generateBundle() {
      if (this.environment.name !== 'client') return
      await compile()
      for (const [name, file] of await media.outputs())
        this.emitFile({ type: 'asset', fileName: `assets/${name}`, source: readFileSync(file) })
    },
    configureServer(server) {
      serveBuiltImages(server, () => media)
      server.watcher.on('all', (_event, file) => {
        if (!WATCHED.test(file)) return
        compiled = undefined
        for (const environment of Object.values(server.environments)) {
          for (const id of MODULES) {
            const module = environment.moduleGraph.getModuleById('\0' + id)
            if (module) environment.moduleGraph.invalidateModule(module)
          }
        }
        server.ws.send({ type: 'full-reload' })
      })
    },
  }
}

/** `vite dev`: /assets/<built image> from the pipeline's cache. */
function serveBuiltImages(server: ViteDevServer, media: () => MediaPipeline): void {
  server.middlewares.use(async (req, res, next) => {
    const match = /^\/assets\/([\w-]+\.(avif|webp|jpg))$/.exec(req.url ?? '')
    const file = match && (await media().outputs()).get(match[1] ?? '')
    if (!file) return next()
    res.setHeader('Content-Type', match[2] === 'jpg' ? 'image/jpeg' : `image/${match[2]}`)
    res.end(readFileSync(file))
  })
}
