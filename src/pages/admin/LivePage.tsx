import { CopyLink } from '../../components/admin/CopyLink'
import { adminCopy } from '../../content/admin'

const tools = adminCopy.tools

/** An editor's "On the site now": the whole live address, with Open, Copy and Share. */
export function LivePage({ url, title }: { url: string; title: string }) {
  return (
    <section className="studio-live" aria-labelledby="live-title">
      <h2 id="live-title" className="studio-live-title">
        {tools.live.title}
      </h2>
      <p>{tools.live.text}</p>
      <CopyLink
        id="live-address"
        label={tools.live.label}
        url={url}
        open={tools.live.open}
        title={title}
        words={tools.copy}
      />
    </section>
  )
}
