/**
 * The rules that guard the settings store, checked without a worker: which viewer addresses are
 * accepted, RTDB's key and size rules, which database URLs may be used, and PEM handling.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { settingsUpdateSchema, viewerUrlProblem } from '../../src/schemas/settings'
import {
  databaseUrlProblem,
  keyProblem,
  pathProblem,
  valueProblem,
} from '../../src/server/services/firebase-rest'
import { isLoopbackHost, parseServiceAccount, pemToDer } from '../../src/server/services/google-auth'

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
      fc.property(
        fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string()),
        (value) => {
          if (viewerUrlProblem(value) !== null) return
          const url = new URL(value.trim())
          expect(['http:', 'https:']).toContain(url.protocol)
          expect(url.username + url.password).toBe('')
          // eslint-disable-next-line no-control-regex
          expect(value.trim()).not.toMatch(/[\s\u0000-\u001f\u007f]/)
          expect(value.trim().length).toBeLessThanOrEqual(2048)
        },
      ),
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

describe('RTDB key, path and value rules (checked before sending)', () => {
  it('refuses empty keys, . # $ / [ ], control characters and keys over 768 bytes', () => {
    for (const key of [
      '',
      'a.b',
      'a#b',
      'a$b',
      'a/b',
      'a[b',
      'a]b',
      'a\u0000b',
      'a\nb',
      'a\u007fb',
      'x'.repeat(769),
    ]) {
      expect(keyProblem(key), JSON.stringify(key)).not.toBeNull()
    }
    expect(keyProblem('é'.repeat(384))).toBeNull() // 768 bytes
    expect(keyProblem('é'.repeat(385))).toMatch(/768 bytes/)
    expect(keyProblem('view3dUrl')).toBeNull()
  })

  it('accepts exactly the keys without forbidden characters', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (key) => {
        // eslint-disable-next-line no-control-regex
        const forbidden = /[.#$/[\]\u0000-\u001f\u007f]/.test(key)
        expect(keyProblem(key) === null).toBe(!forbidden)
      }),
    )
  })

  it('checks every key of a path, and its depth', () => {
    expect(pathProblem('settings/view3dUrl')).toBeNull()
    expect(pathProblem('settings//view3dUrl')).toMatch(/empty/)
    expect(pathProblem('settings/view.3d')).toMatch(/\. # \$/)
    expect(pathProblem(Array(32).fill('a').join('/'))).toMatch(/32/)
  })

  it('refuses strings over 10 MB, undefined, non-finite numbers and bad nested keys', () => {
    expect(valueProblem('x'.repeat(10 * 1024 * 1024))).toBeNull()
    expect(valueProblem('x'.repeat(10 * 1024 * 1024 + 1))).toMatch(/10 MB/)
    expect(valueProblem('é'.repeat(5 * 1024 * 1024 + 1))).toMatch(/10 MB/) // 2 bytes each
    expect(valueProblem(undefined)).toMatch(/undefined/)
    expect(valueProblem(Number.NaN)).toMatch(/finite/)
    expect(valueProblem({ ok: { 'bad.key': 1 } })).toMatch(/bad\.key/)
    expect(valueProblem({ a: [1, 'two', null, true] })).toBeNull()
  })
})

describe('database and token endpoints', () => {
  it('takes https anywhere and plain http only on this machine', () => {
    expect(databaseUrlProblem('https://name.firebaseio.com')).toBeNull()
    expect(databaseUrlProblem('https://name.europe-west1.firebasedatabase.app/')).toBeNull()
    for (const local of [
      'http://127.0.0.1:9000/?ns=x',
      'http://127.8.9.10',
      'http://localhost:9000',
      'http://[::1]:9000',
    ]) {
      expect(databaseUrlProblem(local), local).toBeNull()
    }
    for (const remote of [
      'http://name.firebaseio.com',
      'http://10.0.0.1',
      'http://128.0.0.1',
      'ftp://x',
      'not a url',
    ]) {
      expect(databaseUrlProblem(remote), remote).not.toBeNull()
    }
    expect(isLoopbackHost('127.0.0.1.example.com')).toBe(false)
  })

  it('reads the service-account JSON, defaulting token_uri to Google and refusing plain-http ones elsewhere', () => {
    const base = { client_email: 'a@b.iam.gserviceaccount.com', private_key: 'k' }
    expect(parseServiceAccount(JSON.stringify(base)).token_uri).toBe('https://oauth2.googleapis.com/token')
    expect(() =>
      parseServiceAccount(JSON.stringify({ ...base, token_uri: 'http://evil.example/token' })),
    ).toThrow(/token_uri/)
    expect(() => parseServiceAccount('{')).toThrow(/not valid JSON/)
  })

  it('turns PEM with real or escaped newlines into the same DER, and refuses PKCS#1', () => {
    const body = btoa(String.fromCharCode(...Array.from({ length: 100 }, (_, i) => i)))
    const pem = `-----BEGIN PRIVATE KEY-----\n${body.slice(0, 64)}\n${body.slice(64)}\n-----END PRIVATE KEY-----\n`
    const real = new Uint8Array(pemToDer(pem))
    const escaped = new Uint8Array(pemToDer(pem.replace(/\n/g, '\\n')))
    expect(real).toHaveLength(100)
    expect(escaped).toEqual(real)
    expect(() => pemToDer(pem.replace(/PRIVATE KEY/g, 'RSA PRIVATE KEY'))).toThrow(/PKCS#8/)
  })
})
