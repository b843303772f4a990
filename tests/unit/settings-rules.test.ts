/**
 * The rules that guard the settings store, checked without a worker: which viewer addresses are
 * accepted, which endpoints may carry secrets, and how a service-account key is read.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { settingsUpdateSchema, viewerUrlProblem } from '../../src/schemas/settings'
import { isLoopbackHost, isSecureEndpoint } from '../../src/lib/endpoints'
import { parseServiceAccount } from '../../src/server/viewer-url/storage/google-token'

// Built once, while the file is collected: fast-check's first `unit: 'binary'` string (inside
// webUrl's path segments) builds a table of every code point, about 1.4 s of CPU, which under a
// loaded CI ran past the test's own timeout.
const anyUrlOrString = fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string())

describe('viewer address rules', () => {
  it('accepts absolute http and https addresses', () => {
    for (const url of [
      'https://viewer.example.com/3d-viewer/?model=models/necklace.glb',
      'http://viewer.example.com',
      'https://viewer.example.com:8443/a#b',
      'https://bücher.example/',
    ]) {
      expect(viewerUrlProblem(url), url).toBeNull()
    }
  })

  it('every accepted value is an http(s) URL without whitespace, credentials or control characters', () => {
    fc.assert(
      fc.property(anyUrlOrString, (value) => {
        if (viewerUrlProblem(value) !== null) return
        const url = new URL(value.trim())
        expect(['http:', 'https:']).toContain(url.protocol)
        expect(url.username + url.password).toBe('')
        // eslint-disable-next-line no-control-regex
        expect(value.trim()).not.toMatch(/[\s\u0000-\u001f\u007f]/)
        expect(value.trim().length).toBeLessThanOrEqual(2048)
      }),
    )
  })

  it('refuses any scheme but http and https', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z][a-z0-9+.-]{0,10}$/).filter((s) => s !== 'http' && s !== 'https'),
        (scheme) => {
          expect(viewerUrlProblem(`${scheme}://viewer.example.com/`)).not.toBeNull()
          expect(viewerUrlProblem(`${scheme}:alert(1)`)).not.toBeNull()
        },
      ),
    )
  })

  it('the schema trims and reports the rule that failed', () => {
    expect(settingsUpdateSchema.parse({ view3dUrl: ' https://a.example/ ' })).toEqual({
      view3dUrl: 'https://a.example/',
    })
    const result = settingsUpdateSchema.safeParse({ view3dUrl: 'data:text/html;base64,AAAA' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toMatch(/https:\/\/ or http:\/\//)
  })
})

describe('endpoints that carry secrets', () => {
  it('takes https anywhere and plain http only on this machine', () => {
    for (const url of [
      'https://name.firebaseio.com',
      'https://name.europe-west1.firebasedatabase.app/',
      'http://127.0.0.1:9000/?ns=x',
      'http://127.8.9.10',
      'http://localhost:9000',
      'http://[::1]:9000',
    ]) {
      expect(isSecureEndpoint(url), url).toBe(true)
    }
    for (const url of [
      'http://name.firebaseio.com',
      'http://10.0.0.1',
      'http://128.0.0.1',
      'http://127.0.0.1.example.com',
      'ftp://x',
      'not a url',
    ]) {
      expect(isSecureEndpoint(url), url).toBe(false)
    }
    expect(isLoopbackHost('127.0.0.1.example.com')).toBe(false)
  })

  it('reads the service-account JSON: token_uri defaults to Google, plain http elsewhere is refused', () => {
    const base = { client_email: 'a@b.iam.gserviceaccount.com', private_key: 'k' }
    const parsed = parseServiceAccount(JSON.stringify(base))
    expect(parsed.ok && parsed.value.tokenUri).toBe('https://oauth2.googleapis.com/token')
    const plain = parseServiceAccount(JSON.stringify({ ...base, token_uri: 'http://evil.example/token' }))
    expect(!plain.ok && plain.error.message).toMatch(/token_uri/)
    const broken = parseServiceAccount('{')
    expect(!broken.ok && broken.error.message).toMatch(/not valid JSON/)
    const partial = parseServiceAccount('{"client_email": "a@b.example"}')
    expect(!partial.ok && partial.error.message).toMatch(/client_email and private_key/)
  })

  it('turns the literal \\n of a key pasted into a dashboard into line breaks', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\\nAAAA\\n-----END PRIVATE KEY-----\\n'
    const parsed = parseServiceAccount(JSON.stringify({ client_email: 'a@b.example', private_key: pem }))
    expect(parsed.ok && parsed.value.privateKey).toBe(
      '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n',
    )
  })
})
