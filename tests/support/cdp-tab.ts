/**
 * A Chromium tab driven over the DevTools protocol the way Chromium lets a page prerender.
 *
 * Chromium refuses to prerender (`PrerenderingDisabledByDevTools`) while any DevTools session is
 * attached to the page without going through its tab target, which is how Playwright attaches
 * (content/browser/devtools: IsPrerenderAllowed → HasSessionsWithoutTabTargetSupport). So the
 * speculation-rules test and `npm run nav` attach as Puppeteer does: to the tab target first, and
 * to its pages (the shown one and any prerendered one) as the tab's children. No flag is needed.
 * Used only where prerendering must really happen; every other browser test uses Playwright.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

type Params = Record<string, unknown>
/** DevTools protocol messages are untyped JSON here; each caller reads the fields it needs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type CdpJson = any
type Handler = (params: CdpJson, sessionId: string | undefined) => void

interface Pending {
  resolve: (value: CdpJson) => void
  reject: (error: Error) => void
  method: string
  sessionId: string | undefined
}

/** A DevTools answer that never comes (a page frozen or going away) must not hang the caller. */
/** Longer than any page load or paint the tools wait for, on a busy 2-core machine. */
const COMMAND_DEADLINE_MS = 30_000

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error as Error)),
    )
  })
}

export class CdpBrowser {
  private nextId = 1
  private readonly pending = new Map<number, Pending>()
  private readonly handlers = new Map<string, Set<Handler>>()
  /** Tabs found not to be the one newTab() opened: never tried again. */
  private readonly otherTabs = new Set<string>()

  private readonly socket: WebSocket
  private readonly child: ChildProcess
  private readonly profile: string

  // Plain fields, not parameter properties: `npm run nav` loads this file with Node's type stripping.
  private constructor(socket: WebSocket, child: ChildProcess, profile: string) {
    this.socket = socket
    this.child = child
    this.profile = profile
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data))
      // A page that goes away (the one a prerender replaced) never answers what was sent to it:
      // fail those commands now rather than at the deadline.
      if (message.method === 'Target.detachedFromTarget')
        for (const [id, waiting] of this.pending)
          if (waiting.sessionId === message.params.sessionId) {
            this.pending.delete(id)
            waiting.reject(new Error(`${waiting.method}: the page went away`))
          }
      if (message.id !== undefined) {
        const waiting = this.pending.get(message.id)
        this.pending.delete(message.id)
        if (message.error) waiting?.reject(new Error(`${waiting.method}: ${message.error.message}`))
        else waiting?.resolve(message.result)
        return
      }
      for (const handler of this.handlers.get(message.method) ?? [])
        handler(message.params, message.sessionId)
    })
  }

  static async launch(executablePath: string, args: string[] = []): Promise<CdpBrowser> {
    const profile = mkdtempSync(join(tmpdir(), 'xr-cdp-'))
    const child = spawn(
      executablePath,
      [
        '--headless=new',
        '--no-sandbox',
        '--disable-dev-shm-usage',
        '--no-first-run',
        '--no-default-browser-check',
        '--remote-debugging-port=0',
        `--user-data-dir=${profile}`,
        ...args,
        'about:blank',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    )
    const endpoint = await new Promise<string>((resolve, reject) => {
      let seen = ''
      child.stderr?.on('data', (chunk: Buffer) => {
        seen += chunk.toString()
        const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen)
        if (match?.[1]) resolve(match[1])
      })
      child.once('exit', (code) => reject(new Error(`chromium exited (${code}) before listening: ${seen}`)))
    })
    const socket = new WebSocket(endpoint)
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true })
      socket.addEventListener('error', () => reject(new Error('no DevTools connection')), { once: true })
    })
    return new CdpBrowser(socket, child, profile)
  }

  /** One command; it fails after COMMAND_DEADLINE_MS rather than hang (a page session can vanish unanswered). */
  send<T = CdpJson>(method: string, params: Params = {}, sessionId?: string): Promise<T> {
    const id = this.nextId++
    this.socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }))
    const answer = new Promise<T>((resolve, reject) =>
      this.pending.set(id, { resolve, reject, method, sessionId }),
    )
    return withDeadline(answer, COMMAND_DEADLINE_MS).catch((error: unknown) => {
      this.pending.delete(id)
      throw new Error(`${method}: ${(error as Error).message}`)
    })
  }

  on(method: string, handler: Handler): () => void {
    const set = this.handlers.get(method) ?? new Set()
    set.add(handler)
    this.handlers.set(method, set)
    return () => set.delete(handler)
  }

  /** A new tab, attached through its tab target, with its first page's session. */
  async newTab(): Promise<CdpTab> {
    const pages = new Map<string, string>() // page targetId → sessionId
    let tabSession: string | undefined
    const off = this.on('Target.attachedToTarget', (params, parentSession) => {
      const info = params.targetInfo as { type: string; targetId: string }
      if (info.type === 'tab' && !parentSession) tabSession = params.sessionId
      if (info.type === 'page' && parentSession && parentSession === tabSession) {
        pages.set(info.targetId, params.sessionId)
        void this.send('Runtime.runIfWaitingForDebugger', {}, params.sessionId)
      }
    })
    const offDetached = this.on('Target.detachedFromTarget', (params) => {
      for (const [page, session] of pages) if (session === params.sessionId) pages.delete(page)
    })
    const { targetId } = await this.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' })
    const tabs = await this.send<{ targetInfos: { type: string; targetId: string }[] }>('Target.getTargets', {
      filter: [{ type: 'tab' }],
    })
    // The tab whose page is ours: attach to each tab not tried before, newest first, until one
    // holds targetId (retrying every old tab made each new one slower than the last).
    for (const tab of tabs.targetInfos.filter((t) => !this.otherTabs.has(t.targetId)).reverse()) {
      const { sessionId } = await this.send<{ sessionId: string }>('Target.attachToTarget', {
        targetId: tab.targetId,
        flatten: true,
      })
      tabSession = sessionId
      await this.send(
        'Target.setAutoAttach',
        { autoAttach: true, waitForDebuggerOnStart: true, flatten: true },
        sessionId,
      )
      if (pages.has(targetId)) break
      await this.waitFor(() => pages.has(targetId), 2_000).catch(() => undefined)
      if (pages.has(targetId)) break
      await this.send('Target.detachFromTarget', { sessionId })
      this.otherTabs.add(tab.targetId)
    }
    if (!tabSession || !pages.has(targetId)) throw new Error('could not attach to the new tab')
    return new CdpTab(this, targetId, pages, () => (off(), offDetached()))
  }

  async waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error('timed out waiting for a condition')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  /** Closes Chromium the way a user would (so its helpers exit with it), then removes its profile. */
  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve))
    await this.send('Browser.close').catch(() => this.child.kill('SIGKILL'))
    await exited
    this.socket.close()
    rmSync(this.profile, { recursive: true, force: true, maxRetries: 10 })
  }
}

export class CdpTab {
  readonly browser: CdpBrowser
  private readonly firstPage: string
  /** Every page target of this tab (the shown one, prerendered ones) → its session. */
  private readonly pages: Map<string, string>
  private readonly stopWatching: () => void

  constructor(browser: CdpBrowser, firstPage: string, pages: Map<string, string>, stopWatching: () => void) {
    this.browser = browser
    this.firstPage = firstPage
    this.pages = pages
    this.stopWatching = stopWatching
  }

  /** The session of the page this tab started with (the one the tests navigate). */
  get session(): string {
    return this.pages.get(this.firstPage)!
  }

  send<T = CdpJson>(method: string, params: Params = {}): Promise<T> {
    return this.browser.send<T>(method, params, this.session)
  }

  /**
   * Runs `expression` in the page now shown in the tab (after a prerender was activated too).
   * Whether a page is shown and the expression are asked in one call: asked apart, the page a
   * prerender replaces could say "shown" and then never answer the second call (a red CI run).
   */
  async evaluate<T>(expression: string): Promise<T> {
    for (const sessionId of this.pages.values()) {
      const answer = await withDeadline(
        this.browser.send(
          'Runtime.evaluate',
          {
            expression: `(async () => document.visibilityState === "visible" && !document.prerendering
              ? { shown: true, value: await (${expression}) }
              : { shown: false })()`,
            returnByValue: true,
            awaitPromise: true,
          },
          sessionId,
        ),
        // A page frozen in the back/forward cache never answers; a busy shown one may take seconds.
        5_000,
      ).catch(() => undefined)
      if (answer?.exceptionDetails)
        throw new Error(answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text)
      if (answer?.result?.value?.shown !== true) continue
      return answer.result.value.value as T
    }
    throw new Error('no shown page in this tab')
  }

  async navigate(url: string): Promise<void> {
    await this.send('Page.enable')
    const loaded = new Promise<void>((resolve) => {
      const off = this.browser.on('Page.loadEventFired', (_params, sessionId) => {
        if (sessionId !== this.session) return
        off()
        resolve()
      })
    })
    await this.send('Page.navigate', { url })
    await withDeadline(loaded, COMMAND_DEADLINE_MS)
  }

  /** The centre of the first element matching `selector`, scrolled into view. */
  async centreOf(selector: string): Promise<{ x: number; y: number }> {
    return this.evaluate(`(() => {
      const el = document.querySelector(${JSON.stringify(selector)})
      if (!el) throw new Error('no element ' + ${JSON.stringify(selector)})
      el.scrollIntoView({ block: 'center' })
      const r = el.getBoundingClientRect()
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 }
    })()`)
  }

  async hover(selector: string): Promise<void> {
    const { x, y } = await this.centreOf(selector)
    await this.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y })
  }

  async click(selector: string): Promise<void> {
    const { x, y } = await this.centreOf(selector)
    await this.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y })
    await this.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 })
    await this.send('Input.dispatchMouseEvent', {
      type: 'mouseReleased',
      x,
      y,
      button: 'left',
      clickCount: 1,
    })
  }

  /** Waits until the shown page's path is `path` and it has painted. */
  async waitForShown(path: string): Promise<void> {
    // As long as any paint the tools wait for: in a full npm test, beside the worker tests and
    // another browser file, the home page's load and the prerender alone took 35-50 s, and the
    // activated page then did not answer within the 15 s this waited (two red runs).
    await this.browser
      .waitFor(async () => {
        const at = await this.evaluate<string>('location.pathname').catch(() => '')
        return at === path
      }, COMMAND_DEADLINE_MS)
      .catch(async (error: unknown) => {
        // What each page of the tab says, so a failure tells which page the tab shows.
        const pages = await Promise.all(
          [...this.pages].map(async ([target, session]) => {
            const seen = await withDeadline(
              this.browser.send(
                'Runtime.evaluate',
                {
                  expression:
                    'JSON.stringify([location.pathname, document.visibilityState, document.prerendering])',
                  returnByValue: true,
                },
                session,
              ),
              2_000,
            ).catch((e: unknown) => ({ result: { value: String(e) } }))
            return `${target === this.firstPage ? 'first' : 'other'}: ${seen?.result?.value}`
          }),
        )
        throw new Error(
          `${(error as Error).message}: ${path} not shown; pages: ${pages.join('; ') || 'none'}`,
        )
      })
  }

  async close(): Promise<void> {
    this.stopWatching()
    await this.browser.send('Target.closeTarget', { targetId: this.firstPage }).catch(() => undefined)
  }
}
