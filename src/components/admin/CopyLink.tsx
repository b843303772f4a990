import { usePageState } from '../RenderContext'

/** Copy's and Share's words, and what Copy says once done or refused. */
export interface CopyWords {
  copy: string
  share: string
  done: string
  failed: string
  /** Said after Open's words when it opens a tab of its own. */
  newTab: string
}

/**
 * A link to hand on: in a read-only input (without JavaScript it is selected and copied by hand),
 * with Copy, Share on a phone, and Open when it is a page to look at. Copy and Share are drawn
 * invisible, in their place (so nothing moves when they appear), and shown by
 * client/console-tools.ts where the browser can do them.
 */
export function CopyLink({
  id,
  label,
  url,
  open,
  title,
  newTab,
  words,
}: {
  id: string
  label: string
  url: string
  words: CopyWords
  /** An Open link's words, for a page worth opening from here. */
  open?: string
  /** What the share sheet calls it. */
  title?: string
  /**
   * Open in a tab of its own: for a link shown only once (a share link), which would be lost with
   * the page if Open left it.
   */
  newTab?: boolean
}) {
  usePageState().needs.add('tools')
  const status = `${id}-status`
  return (
    <div className="field copy-link">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="copy-link-row">
        <input id={id} className="field-input" value={url} readOnly />
        {open ? (
          <a
            href={url}
            className="btn btn-secondary btn-sm"
            {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}
          >
            {open}
            {newTab ? <span className="sr-only"> ({words.newTab})</span> : null}
          </a>
        ) : null}
        <button
          type="button"
          className="btn btn-secondary btn-sm copy-tool"
          data-copy={id}
          data-status={status}
          data-done={words.done}
          data-failed={words.failed}
        >
          {words.copy}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm copy-tool"
          data-share={id}
          data-title={title}
        >
          {words.share}
        </button>
      </div>
      <p id={status} className="field-hint" role="status" aria-live="polite" />
    </div>
  )
}

/**
 * A live address in a list's row: the address as a link that opens it, and Copy (shown by
 * client/console-tools.ts where the browser can copy; without it the link is copied from its menu).
 */
export function LiveAddress({
  url,
  label,
  id,
  words,
}: {
  url: string
  label: string
  id: string
  words: CopyWords
}) {
  usePageState().needs.add('tools')
  const status = `${id}-status`
  return (
    <span className="live-address">
      <a href={url} className="text-link">
        {label}
      </a>{' '}
      <button
        type="button"
        className="btn btn-secondary btn-sm copy-tool"
        data-copy-text={url}
        data-status={status}
        data-done={words.done}
        data-failed={words.failed}
      >
        {words.copy} <span className="sr-only">{label}</span>
      </button>
      <span id={status} className="field-hint" role="status" aria-live="polite" />
    </span>
  )
}
