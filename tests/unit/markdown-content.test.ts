import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'
import { parseEntry } from '../../src/build/collections'
import { lexMarkdown, unsafeMarkup } from '../../src/lib/markdown'
import { siteContent } from '../../src/build/site-content'
import { posts } from '../../src/content/pages/blog'
import { legalDocuments } from '../../src/content/pages/legal'
import { site } from '../../src/content/site'
import { blogFrontmatterSchema, legalFrontmatterSchema } from '../../src/schemas/posts'

const ROOT = join(import.meta.dirname, '../..')
const GOOD = {
  title: 'A new post',
  description: 'A description long enough for search engines to show it under the title of the post.',
  date: '2026-01-15',
  author: 'Arjun Mehta',
  image: '/media/home/blog/blog-1.svg',
  slug: 'a-new-post',
}

/** A post file with the good frontmatter, changed by `change` (a null value drops the field). */
function postFile(change: Record<string, string | null> = {}): string {
  const fields = Object.entries({ ...GOOD, ...change }).filter(([, v]) => v !== null)
  return `---\n${fields.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n')}\n---\n\nText.\n`
}

/** The error message parseEntry throws for a file, or '' when it passes. */
function problemWith(text: string, name = 'src/content/blog/new.md'): string {
  try {
    parseEntry(name, text, blogFrontmatterSchema)
    return ''
  } catch (error) {
    return (error as Error).message
  }
}

describe('the Markdown files of the repository', () => {
  it.each(readdirSync(join(ROOT, 'src/content/blog')).map((f) => [f]))(
    'blog/%s has valid frontmatter',
    (file) => {
      const name = `src/content/blog/${file}`
      expect(problemWith(readFileSync(join(ROOT, name), 'utf8'), name)).toBe('')
    },
  )

  it.each(readdirSync(join(ROOT, 'src/content/legal')).map((f) => [f]))(
    'legal/%s has valid frontmatter',
    (file) => {
      const name = `src/content/legal/${file}`
      expect(() =>
        parseEntry(name, readFileSync(join(ROOT, name), 'utf8'), legalFrontmatterSchema),
      ).not.toThrow()
    },
  )

  it('lists the posts newest first and the legal pages in footer order', () => {
    const dates = posts.map((post) => post.date)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(legalDocuments.map((doc) => doc.slug)).toEqual([
      'privacy-policy',
      'terms-and-conditions',
      'cancellation-and-refunds',
      'refund-policy',
      'shipping-policy',
    ])
  })

  it('links every e-mail address of the legal pages with mailto:, and only the site’s own addresses', () => {
    const addresses = new Set(site.emails.map((e) => e.address))
    for (const doc of legalDocuments) {
      const text = doc.html.replace(/<a href="mailto:[^"]+">[^<]+<\/a>/g, '')
      expect(text, doc.slug).not.toMatch(/@/)
      for (const [, address] of doc.html.matchAll(/href="mailto:([^"]+)"/g))
        expect(addresses).toContain(address)
    }
  })

  it('compiles headed sections and figures with the reading-page markup', () => {
    const article = posts.find((post) => post.slug === 'blog-1')!
    expect(article.html).toMatch(/^<p class="article-intro">An XR store is/)
    expect(article.html).toContain(
      '<section class="prose-section"><h2>What shoppers can do in an XR store</h2>',
    )
    expect(article.html).toMatch(/<ul class="page-text"><li>Walk the aisles/)
    expect(article.html).toMatch(
      /<figure class="prose-figure"><picture><source type="image\/avif" srcset="\/assets\//,
    )
  })
})

describe('frontmatter rules', () => {
  it('accepts a complete, well-formed post', () => {
    expect(problemWith(postFile())).toBe('')
  })

  it.each([
    ['a missing field', { author: null }, 'frontmatter field "author"'],
    ['a date that does not exist', { date: '2025-02-30' }, 'frontmatter field "date": not a real date'],
    [
      'a date in another format',
      { date: '15/01/2026' },
      'frontmatter field "date": a date written YYYY-MM-DD',
    ],
    ['a slug with capitals', { slug: 'New-Post' }, 'frontmatter field "slug": lower-case letters'],
    ['a slug another page holds', { slug: 'about-us' }, 'that address belongs to another page'],
    ['an image outside /media', { image: 'https://cdn.example.com/x.jpg' }, 'frontmatter field "image"'],
    ['a title too long for the page title', { title: 'x'.repeat(59) }, 'frontmatter field "title"'],
    ['a short description', { description: 'Too short.' }, 'frontmatter field "description"'],
    ['an unknown field', { tags: 'xr' }, 'frontmatter field "tags"'],
  ])('rejects %s, naming the file and the field', (_case, change, message) => {
    const problem = problemWith(postFile(change))
    expect(problem).toContain('src/content/blog/new.md: ')
    expect(problem).toContain(message)
  })

  it('rejects a file without frontmatter, or with broken YAML', () => {
    expect(problemWith('# Just a heading\n')).toContain('src/content/blog/new.md: no frontmatter')
    expect(problemWith('---\ntitle: [unclosed\n---\nText\n')).toContain('not valid YAML')
  })
})

describe('a broken post file', () => {
  const roots: string[] = []
  afterAll(() => roots.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

  it('fails the build, naming the file, the field and the reason', async () => {
    const root = mkdtempSync(join(tmpdir(), 'xr-broken-post-'))
    roots.push(root)
    cpSync(join(ROOT, 'src/content/legal'), join(root, 'src/content/legal'), { recursive: true })
    mkdirSync(join(root, 'src/content/blog'), { recursive: true })
    writeFileSync(
      join(root, 'src/content/blog/launch-day.md'),
      postFile({ slug: 'launch-day', date: '2026-13-01' }),
    )
    writeFileSync(join(root, 'entry.js'), "export { posts } from 'virtual:content/blog'\n")
    const building = build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [siteContent({ root })],
      build: { write: false, rollupOptions: { input: join(root, 'entry.js') } },
    })
    await expect(building).rejects.toThrow(
      'src/content/blog/launch-day.md: frontmatter field "date": not a real date',
    )
  })
})

describe('raw HTML and addresses in a post', () => {
  /** The build's verdict on a post body: '' when it passes, else every problem with its line. */
  function verdict(body: string): string {
    const text = postFile().replace('\nText.\n', `\n${body}\n`)
    const entry = parseEntry('src/content/blog/new.md', text, blogFrontmatterSchema)
    const problems = unsafeMarkup(lexMarkdown(entry.body), entry.body)
    return problems.map((p) => `line ${entry.bodyLine + p.line - 1}: ${p.problem}`).join('\n')
  }

  it.each([
    ['a script', '<script>alert(1)</script>'],
    ['a form', '<form action="https://evil.example"><input name="card"></form>'],
    ['an event handler on an inert tag', 'Press <b onclick="alert(1)">here</b>.'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>'],
    ['an image with onerror', '<img src="x" onerror="alert(1)">'],
    ['an svg with onload', '<svg onload="alert(1)"></svg>'],
    ['a style block', '<style>body{display:none}</style>'],
    ['an object', '<object data="x.swf"></object>'],
    ['a script hidden behind a comment', '<!-- note --><script>alert(1)</script>'],
    ['a comment', '<!-- an editor’s note -->'],
    // Comments browsers end where a regular expression would not (the review's S7).
    [
      'a form after <!-->',
      '<!--><form action="/admin/team/x/remove" method="post"><button>Go</button></form>-->',
    ],
    ['a form after --!>', '<!-- a --!><form method="post"><button>Go</button></form>-->'],
    ['a form after <!--->', '<!---><form method="post"><button>Go</button></form>-->'],
    ['CDATA', '<![CDATA[<script>alert(1)</script>]]>'],
    ['a processing instruction', '<?xml version="1.0"?>'],
    ['a javascript: link', '[Read more](javascript:alert(1))'],
    ['a data: image', '![x](data:image/svg+xml;base64,PHN2Zz4=)'],
    ['a vbscript: link', '[x](VBScript:msgbox)'],
    // Text after an inline <code> or <kbd>, which marked writes out as it is (the review's T1).
    ['an image with onerror after <code>', 'A <code> <img/src=x/onerror=alert(1)> b'],
    [
      'a form posting to the console after <kbd>',
      'A <kbd> <form/action=/admin/team/admins/x/role/method=post><input/name=role/value=admin><button>Go</button></form>',
    ],
    ['a meta refresh after <code>', 'A <code> <meta/http-equiv=refresh/content=0;url=https://evil.example>'],
    // Addresses as a browser reads them (the review's T2).
    ['a javascript&colon; link', '[x](javascript&colon;alert(1))'],
    ['a &#106;avascript: link', '[x](&#106;avascript:alert(1))'],
    ['a &#x6A;avascript: link', '[x](&#x6A;avascript:alert(1))'],
  ])('fails the build on %s, naming its line', (_name, body) => {
    const found = verdict(`First paragraph.\n\n${body}`)
    // The frontmatter takes lines 1–8; a blank line, the paragraph and a blank line come before it.
    expect(found).toMatch(/^line 12: .*not allowed/)
  })

  it.each([
    [
      'plain Markdown',
      'Some **bold** text and a [link](https://example.com/) and [mail](mailto:a@b.example).',
    ],
    ['bare inert tags', 'E = mc<sup>2</sup>, H<sub>2</sub>O, <kbd>Ctrl</kbd> and a<br>break.'],
    ['a path and an anchor', '[About](/about-us) and [top](#top)'],
  ])('lets %s through', (_name, body) => {
    expect(verdict(body)).toBe('')
  })
})
