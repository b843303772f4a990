/**
 * The traffic classes of the load: which pages, files and APIs each hits, with how many
 * connections, and the headers of a same-origin browser.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { options, CONTACT_ONE_IP, ADMIN_IP, NOT_FOUND_PATH, INNER_PAGE, LEGAL_PAGE } from './context.mjs'
/** A hashed JS and CSS file from the Vite manifest and an image from public/, as URL paths. */
export function pickAssets(/** @type {import('../scripts/lib/snapshot.mjs').Snapshot} */ snapshot) {
  /** @type {Record<string, { file: string, isEntry?: boolean, css?: string[] }>} */
  const manifest = JSON.parse(readFileSync(snapshot.manifest, 'utf8'))
  const entries = Object.values(manifest)
  const js = entries.find((e) => e.isEntry && e.file.endsWith('.js'))?.file
  const css =
    entries.find((e) => e.file.endsWith('.css'))?.file ?? entries.flatMap((e) => e.css ?? []).find(Boolean)
  if (!js || !css) throw new Error(`no hashed JS or CSS file in ${snapshot.manifest}`)
  const image = ['og-image.png', ...imagesUnder(snapshot.client, 'media')].find((f) =>
    existsSync(join(snapshot.client, f)),
  )
  if (!image) throw new Error('no image in the build’s public files')
  return { js: '/' + js, css: '/' + css, image: '/' + image }
}

/** @param {string} root @param {string} dir @returns {string[]} */
export function imagesUnder(root, dir) {
  if (!existsSync(join(root, dir))) return []
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) return imagesUnder(root, path)
    return /\.(png|jpe?g|webp|avif|gif|svg)$/.test(entry.name) ? [path] : []
  })
}

/** What a browser's same-origin fetch sends: the form's own posts look like this. */
export function sameOriginHeaders(/** @type {string} */ base) {
  return { origin: base, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }
}

/**
 * @param {string} base
 * @param {{ js: string, css: string, image: string }} assets
 * @param {boolean} addressHonoured
 * @param {ReturnType<typeof leadBook>} leads
 * @returns {TrafficClass[]}
 */
export function trafficClasses(base, assets, addressHonoured, leads) {
  const get = (/** @type {string} */ path) => ({ method: 'GET', path })
  /** @type {Omit<TrafficClass, 'connections'>[]} */
  const weighted = [
    { key: 'home', name: 'page /', weight: 12, expect: [200], type: /^text\/html/, request: get('/') },
    {
      key: 'inner',
      name: `page ${INNER_PAGE}`,
      weight: 8,
      expect: [200],
      type: /^text\/html/,
      request: get(INNER_PAGE),
    },
    {
      key: 'legal',
      name: `legal ${LEGAL_PAGE}`,
      weight: 8,
      expect: [200],
      type: /^text\/html/,
      request: get(LEGAL_PAGE),
    },
    {
      key: 'notFound',
      name: '404 page',
      weight: 6,
      expect: [404],
      type: /^text\/html/,
      request: get(NOT_FOUND_PATH),
    },
    {
      key: 'js',
      name: 'asset JS (hashed)',
      weight: 6,
      expect: [200],
      type: /javascript/,
      request: get(assets.js),
    },
    {
      key: 'css',
      name: 'asset CSS (hashed)',
      weight: 4,
      expect: [200],
      type: /^text\/css/,
      request: get(assets.css),
    },
    {
      key: 'image',
      name: 'image (public/)',
      weight: 6,
      expect: [200],
      type: /^image\//,
      request: get(assets.image),
    },
    {
      key: 'settings',
      name: 'GET /api/settings',
      weight: 8,
      expect: [200],
      type: /^application\/json/,
      request: get('/api/settings'),
    },
    {
      key: 'admin',
      name: 'PUT /api/settings, wrong password',
      weight: 3,
      expect: [401, 429],
      request: {
        method: 'PUT',
        path: '/api/settings',
        headers: {
          ...sameOriginHeaders(base),
          'content-type': 'application/json',
          authorization: 'Basic ' + Buffer.from('admin:not-the-password').toString('base64'),
          'cf-connecting-ip': ADMIN_IP,
        },
        body: JSON.stringify({ view3dUrl: 'https://viewer.example.com/' }),
      },
    },
    {
      key: 'contactOne',
      name: 'POST /api/contact, one client',
      weight: 3,
      expect: [202, 429],
      contact: true,
      request: leads.request(base, 'contactOne', () => CONTACT_ONE_IP),
    },
  ]
  const totalWeight = weighted.reduce((n, c) => n + c.weight, 0)
  const shares = weighted.map((c) => Math.max(1, Math.floor((options.connections * c.weight) / totalWeight)))
  // Largest remainder: hand out what flooring left over, biggest classes first.
  for (let left = options.connections - shares.reduce((n, s) => n + s, 0), i = 0; left > 0; left--, i++)
    shares[i % shares.length] = (shares[i % shares.length] ?? 0) + 1
  /** @type {TrafficClass[]} */
  const classes = weighted.map((c, i) => ({ ...c, connections: shares[i] ?? 1 }))
  classes.push({
    key: 'contactLeads',
    name: `POST /api/contact, distinct clients, ${options.contactRate}/s`,
    weight: 0,
    rate: options.contactRate,
    connections: Math.min(options.contactRate, 4),
    // With the address honoured every post is a new client, so a 429 would be a limiter bug.
    expect: addressHonoured ? [202] : [202, 429],
    contact: true,
    request: leads.request(base, 'contactLeads', (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`),
  })
  return classes
}
