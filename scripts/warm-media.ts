/**
 * Builds the site's images once into node_modules/.cache/xr-media (src/build/media.ts), before
 * `npm test`'s steps start side by side. Each step's Vite (the browser tests' build, the unit and
 * the worker tests) compiles the content through the same plugin: on a fresh clone, with no cache,
 * all three encoded every picture at once, on 2 cores, and a unit run waited on it for minutes.
 * Loading the blog's module runs the plugin's compile: every post, legal page and picture.
 */
import { runnerImport } from 'vite'

const started = Date.now()
const base = { configFile: false as const, logLevel: 'error' as const }
const { module: build } = await runnerImport<typeof import('../src/build/site-content.ts')>(
  '/src/build/site-content.ts',
  base,
)
await runnerImport('/src/content/pages/blog.ts', {
  ...base,
  plugins: [build.siteContent({ root: process.cwd() })],
})
console.log(`The site's images are built (node_modules/.cache/xr-media), in ${Date.now() - started} ms.`)
