import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { cloudflare } from '@cloudflare/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import { parse } from 'smol-toml'
import { defineConfig, type Plugin } from 'vite'
import { siteContent } from './src/build/site-content.ts'
import { home } from './src/content/home/index.ts'

const CLIENT_OUT = 'dist/client'

/** The one value a deployer fills in (wrangler.toml [vars] SITE_ORIGIN). */
const SITE_ORIGIN = (parse(readFileSync('wrangler.toml', 'utf8')) as { vars: { SITE_ORIGIN: string } }).vars
  .SITE_ORIGIN

/** `npm run dev`'s second channel for leads: on, into miniflare's local e-mail store (README). */
const DEV_SALES_EMAIL = { SALES_EMAIL_TO: 'sales@example.com', SALES_EMAIL_FROM: 'leads@example.com' }

/**
 * The worker's config per command and Cloudflare environment (CLOUDFLARE_ENV):
 * - `vite dev` is development, on its own origin: APP_ENV=development, no SITE_ORIGIN;
 * - a production build answers on SITE_ORIGIN's host as its custom domain (workers_dev is off);
 * - a staging build keeps its workers.dev address and points its canonical URLs at SITE_ORIGIN.
 */
function workerConfig(command: 'build' | 'serve') {
  return (worker: { vars?: Record<string, unknown> }) => {
    if (command === 'serve')
      return { vars: { ...worker.vars, ...DEV_SALES_EMAIL, APP_ENV: 'development', SITE_ORIGIN: '' } }
    if (process.env.CLOUDFLARE_ENV) return { vars: { ...worker.vars, SITE_ORIGIN } }
    return { routes: [{ pattern: new URL(SITE_ORIGIN).host, custom_domain: true }] }
  }
}

/**
 * Client inputs. Their hashed names reach the worker through `virtual:client-manifest`.
 * - islands: the hydration entry (React itself loads when an island is wanted), loaded only by pages that render an island.
 * - enhance: a few hundred bytes of vanilla JS (menus, video fade), loaded by pages that need it.
 * - passkeys: the console's passkey buttons (SimpleWebAuthn), loaded only by console pages that show one.
 * - tools: the console's small conveniences (copy and share buttons, the unsaved-edits warning), console pages only.
 * - vitals: the field speed reporter with web-vitals (issue 62), loaded by the inline script after `load` on a sampled share of views.
 * - styles: the site's stylesheet, linked by every page.
 * - console: the console's own rules, linked after it by console pages only.
 */
export const clientInputs = {
  islands: 'src/client/islands.tsx',
  enhance: 'src/client/enhance.ts',
  passkeys: 'src/client/passkeys.ts',
  tools: 'src/client/console-tools.ts',
  vitals: 'src/client/vitals.ts',
  styles: 'src/styles/app.css',
  console: 'src/styles/console.css',
}

/**
 * Gives the worker the client build's manifest (source path → hashed file). The client is
 * built first (see builder.buildApp), so at worker build time the manifest is on disk; it is
 * inlined into the worker and never deployed as an asset (public/.assetsignore). In dev and in
 * tests the value is null and pages load the sources through Vite.
 */
function clientManifest(): Plugin {
  const id = 'virtual:client-manifest'
  let isBuild = false
  return {
    name: 'client-manifest',
    configResolved(config) {
      isBuild = config.command === 'build'
    },
    resolveId: (source) => (source === id ? '\0' + id : undefined),
    load(loadId) {
      if (loadId !== '\0' + id) return
      if (!isBuild || this.environment.name === 'client') return 'export default null'
      const file = resolve(CLIENT_OUT, '.vite/manifest.json')
      return `export default ${readFileSync(file, 'utf8')}`
    },
  }
}

/** What the worker's build replaces with a stub, and the names each stub exports. */
const BROWSER_ONLY: Record<string, string[]> = {
  'react-dom/client': ['createRoot', 'hydrateRoot'],
  sonner: ['Toaster', 'toast'],
}
const STUB = '\0browser-only:'

/**
 * The worker never mounts React in a browser nor shows a toast. The toaster (imported by islands
 * the server renders) loads react-dom/client and sonner lazily, which would still put React's
 * client renderer (about 200 KB) and sonner with its copy of React (13 KiB gzip) into the worker's
 * bundle: outside the browser build, those imports resolve to stubs that say so.
 */
function browserOnlyModules(): Plugin {
  return {
    name: 'browser-only-modules',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name !== 'client',
    resolveId: (id) => (id in BROWSER_ONLY ? STUB + id : undefined),
    load: (id) => {
      if (!id.startsWith(STUB)) return
      const name = id.slice(STUB.length)
      const exports = BROWSER_ONLY[name]!.map((key) => `export const ${key} = no\n`).join('')
      return `const no = () => { throw new Error("${name} runs in the browser only") }\n${exports}`
    },
  }
}

/**
 * The worker renders with React's streaming server renderer only: pages stream with
 * renderToReadableStream, islands and the error page are prerendered by the same code
 * (react-dom/static). But react-dom/server's entry for workerd is CommonJS that also loads the
 * legacy renderer (renderToString, about 28 KiB gzip), which no bundler can shake out. In the
 * worker's build, `react-dom/server` is that entry without the legacy half: the streaming module
 * react-dom/static loads too, so the worker carries one renderer (issue 58). A renderToString
 * import then fails the build instead of bringing the legacy renderer back.
 */
function oneServerRenderer(): Plugin {
  const id = '\0one-server-renderer:react-dom/server'
  const streaming = join(dirname(createRequire(import.meta.url).resolve('react-dom/package.json')), 'cjs')
  return {
    name: 'one-server-renderer',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name !== 'client',
    resolveId: (source) => (source === 'react-dom/server' ? id : undefined),
    load: (loadId) =>
      loadId === id
        ? `export { renderToReadableStream, resume, version } from ${JSON.stringify(join(streaming, 'react-dom-server.edge.production.js'))}`
        : undefined,
  }
}

/**
 * Every cold isolate parses the worker's entry and each chunk it imports statically (the deploy
 * check's budget). The bundler splits them by which lazy chunks share them (the console, /update,
 * /review), 18 files whose gzip each starts from nothing: one chunk for all of them is 1.6 KiB
 * smaller, and the lazy chunks import what they share from it.
 */
function oneEagerChunk(): Plugin {
  return {
    name: 'one-eager-chunk',
    apply: 'build',
    configEnvironment: (name) =>
      name === 'client'
        ? undefined
        : {
            build: {
              rolldownOptions: {
                output: { codeSplitting: { groups: [{ name: 'eager', tags: ['$initial'] }] } },
              },
            },
          },
  }
}

/**
 * Names this build by its sources, build plugins and locked dependencies. The worker's page cache keys HTML by
 * it (src/server/platform/render/page-cache.ts), so a deploy with any change never serves the previous pages.
 */
function buildId(): string {
  const hash = createHash('sha256')
  // src holds the build plugins too (src/build); a media overlay (the realistic-media audit) shapes the images.
  const overlay = process.env.XR_MEDIA_OVERLAY
  const files = ['src', ...(overlay ? [overlay] : [])]
    .flatMap((dir) => readdirSync(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
  for (const file of [...files, 'package-lock.json']) hash.update(file).update(readFileSync(file))
  return hash.digest('hex').slice(0, 16)
}

export default defineConfig(({ command }) => ({
  plugins: [
    // No remote bindings under `npm run dev`: Workers AI (wrangler.toml [ai]) would need a Cloudflare
    // login and bill the account; without it, the editor says suggestions need Workers AI.
    cloudflare({ config: workerConfig(command), remoteBindings: false }),
    browserOnlyModules(),
    oneServerRenderer(),
    oneEagerChunk(),
    tailwindcss(),
    clientManifest(),
    // Markdown posts and legal pages compiled to HTML, raster images to AVIF and WebP; the hero
    // poster is a cover, so a raster one also gets a portrait crop for phones.
    siteContent({ covers: [home.hero.video.poster] }),
  ],
  define: {
    __BUILD_ID__: JSON.stringify(buildId()),
    // Only for `npm run bench`'s comparison build: the same site without the page cache.
    __PAGE_CACHE_OFF__: JSON.stringify(process.env.XR_PAGE_CACHE === 'off'),
  },
  // The worker is minified (half its bytes parse at every cold start) with source maps beside it,
  // as the Cloudflare plugin writes them, so stack traces stay readable.
  build: { minify: true },
  environments: {
    client: {
      build: {
        manifest: true,
        outDir: CLIENT_OUT,
        rollupOptions: { input: clientInputs },
      },
    },
  },
  builder: {
    // @cloudflare/vite-plugin builds the worker first; the worker needs the client manifest.
    async buildApp(builder) {
      const { client, ...workers } = builder.environments
      await builder.build(client!)
      // One worker environment, named after the worker (xr_stores_site, or …_staging).
      for (const worker of Object.values(workers)) await builder.build(worker)
    },
  },
}))
