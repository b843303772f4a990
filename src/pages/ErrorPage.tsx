import { errorPageCopy as copy } from '../content/pages/error'

/** Fallback page for a render or routing failure; a full document on its own. */
export function ErrorPage({ status, message, stack }: { status: number; message: string; stack?: string }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{copy.title}</title>
      </head>
      <body
        style={{
          fontFamily: 'system-ui, sans-serif',
          padding: '2rem',
          background: '#0b0b12',
          color: '#f5f5f7',
        }}
      >
        <main>
          <h1>{copy.title}</h1>
          <p>
            {status} — {message}
          </p>
          {stack ? <pre style={{ whiteSpace: 'pre-wrap', fontSize: '0.8rem' }}>{stack}</pre> : null}
          <p>
            <a href="/" style={{ color: '#a5b4fc' }}>
              {copy.homeLabel}
            </a>
          </p>
        </main>
      </body>
    </html>
  )
}
