/**
 * The budgets report's arithmetic (bench/lib/page-bytes.mjs): which built files a page
 * makes the browser load, judged from its HTML and the Vite manifest, and which budgets break.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { byteBudgetFailures, gzipSize, KB, loadManifest, pageBytes } from '../../bench/lib/page-bytes.mjs'

function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'page-bytes-'))
  mkdirSync(join(dir, '.vite'))
  mkdirSync(join(dir, 'assets'))
  const files: Record<string, string> = {
    'assets/islands-1.js': 'observe();',
    'assets/hydrate-1.js': 'react'.repeat(500),
    'assets/enhance-1.js': 'menus();',
    'assets/Carousel-1.js': 'carousel();',
    'assets/ContactForm-1.js': 'form();',
    'assets/UpdateForm-1.js': 'update();',
    'assets/toaster-1.js': 'sonner'.repeat(100),
    'assets/styles-1.css': 'body{color:red}',
  }
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text)
  const manifest = {
    'src/client/islands.tsx': {
      file: 'assets/islands-1.js',
      isEntry: true,
      imports: ['src/client/enhance.ts'],
      dynamicImports: ['src/client/hydrate.tsx'],
    },
    'src/client/hydrate.tsx': {
      file: 'assets/hydrate-1.js',
      dynamicImports: [
        'src/islands/Carousel.tsx',
        'src/islands/ContactForm.tsx',
        'src/islands/UpdateForm.tsx',
      ],
    },
    'src/client/enhance.ts': { file: 'assets/enhance-1.js', isEntry: true },
    'src/islands/Carousel.tsx': { file: 'assets/Carousel-1.js', imports: ['src/client/hydrate.tsx'] },
    'src/islands/ContactForm.tsx': {
      file: 'assets/ContactForm-1.js',
      imports: ['src/client/hydrate.tsx', '_toaster-1.js'],
    },
    'src/islands/UpdateForm.tsx': { file: 'assets/UpdateForm-1.js', imports: ['_toaster-1.js'] },
    '_toaster-1.js': { file: 'assets/toaster-1.js', imports: ['src/client/hydrate.tsx'] },
    'src/styles/app.css': { file: 'assets/styles-1.css', isEntry: true },
  }
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest))
  return dir
}

const head = '<link rel="stylesheet" href="/assets/styles-1.css"/>'

describe('pageBytes', () => {
  const dir = fakeBuild()
  const info = loadManifest(dir)

  it('counts the entry, its static imports, React (loaded when an island is wanted) and the chunks of the islands on the page, once each', () => {
    const html =
      head +
      '<div data-island="Carousel"></div><div data-island="ContactForm"></div><div data-island="Carousel"></div>' +
      '<script type="module" src="/assets/islands-1.js" nonce="n"></script>'
    const bytes = pageBytes(html, dir, info)
    expect(bytes.kind).toBe('islands')
    expect(bytes.islands).toEqual(['Carousel', 'ContactForm'])
    expect(bytes.jsFiles.sort()).toEqual(
      [
        'assets/Carousel-1.js',
        'assets/ContactForm-1.js',
        'assets/enhance-1.js',
        'assets/hydrate-1.js',
        'assets/islands-1.js',
        'assets/toaster-1.js',
      ].sort(),
    )
    expect(bytes.jsFiles).not.toContain('assets/UpdateForm-1.js')
    expect(bytes.cssFiles).toEqual(['assets/styles-1.css'])
    expect(bytes.htmlGzip).toBe(gzipSize(html))
  })

  it('finds no JavaScript on a page without scripts', () => {
    const bytes = pageBytes(head + '<p>legal text</p>', dir, info)
    expect(bytes).toMatchObject({ kind: 'none', jsFiles: [], jsGzip: 0, jsRaw: 0 })
  })

  it('counts the inline scripts that run, in raw bytes, and not JSON data or the speculation rules', () => {
    const loader = 'document.prerendering&&0;0.25>Math.random()&&import("/assets/vitals-1.js")'
    const html =
      head +
      '<script type="speculationrules">{"prerender":[]}</script>' +
      '<script type="application/ld+json">{"@type":"Organization"}</script>' +
      `<script nonce="n">${loader}</script><p>text</p>`
    const bytes = pageBytes(html, dir, info)
    expect(bytes).toMatchObject({ kind: 'none', jsFiles: [], jsGzip: 0, inlineJs: loader.length })
  })

  it('calls a page that loads only the enhance script "enhance"', () => {
    const bytes = pageBytes(
      head + '<video></video><script type="module" src="/assets/enhance-1.js"></script>',
      dir,
      info,
    )
    expect(bytes.kind).toBe('enhance')
    expect(bytes.jsFiles).toEqual(['assets/enhance-1.js'])
  })
})

describe('byteBudgetFailures', () => {
  const base = { jsFiles: [], cssFiles: [], islands: [], jsRaw: 0, htmlRaw: 0, inlineJs: 300 }

  it('passes pages within the budgets', () => {
    expect(
      byteBudgetFailures('/', {
        ...base,
        kind: 'islands',
        jsGzip: 80 * KB,
        cssGzip: 8 * KB,
        htmlGzip: 10 * KB,
      }),
    ).toEqual([])
    expect(
      byteBudgetFailures('/about-us', {
        ...base,
        kind: 'none',
        jsGzip: 0,
        cssGzip: 8 * KB,
        htmlGzip: 40 * KB,
      }),
    ).toEqual([])
  })

  it('names each broken budget', () => {
    expect(
      byteBudgetFailures('/', {
        ...base,
        kind: 'islands',
        jsGzip: 81 * KB,
        cssGzip: 21 * KB,
        htmlGzip: 31 * KB,
      }),
    ).toEqual(['/: JS 81.0 KB > 80.0 KB', '/: HTML 31.0 KB > 30.0 KB', '/: CSS 21.0 KB > 20.0 KB'])
    expect(
      byteBudgetFailures('/blog-1', { ...base, kind: 'none', jsGzip: 1, cssGzip: 0, htmlGzip: 0 }),
    ).toHaveLength(1)
    expect(
      byteBudgetFailures('/try-on', { ...base, kind: 'enhance', jsGzip: 3 * KB, cssGzip: 0, htmlGzip: 0 }),
    ).toHaveLength(1)
    expect(
      byteBudgetFailures('/about-us', {
        ...base,
        kind: 'none',
        jsGzip: 0,
        cssGzip: 0,
        htmlGzip: 0,
        inlineJs: 451,
      }),
    ).toEqual(['/about-us: inline script 451 B > 450 B'])
  })
})
