import { translationFileHref } from '../../lib/admin-links'
import { fillTemplate } from '../../lib/template'
import type { AdminCopy } from '../../schemas/admin-words'
import { AdminSection } from './AdminShell'
import { LabelledInput } from './LabelledInput'

interface AgencyFileFormsProps {
  code: string
  language: string
  copy: AdminCopy['translationFiles']
}

/** Working with a translation agency: the locale's XLIFF to download, and the form its file comes back by (no script). */
export function AgencyFileForms({ code, language, copy }: AgencyFileFormsProps) {
  const href = translationFileHref(code)
  return (
    <AdminSection title={fillTemplate(copy.section, { language })}>
      <p>{fillTemplate(copy.intro, { language })}</p>
      <p>
        <a href={href} className="btn btn-ghost btn-sm" download>
          {copy.download}
        </a>
      </p>
      <form method="post" action={href} encType="multipart/form-data" className="studio-upload">
        <div className="field">
          <LabelledInput
            id={`agency-file-${code}`}
            label={copy.file}
            hint={copy.fileHint}
            name="file"
            type="file"
            accept=".xlf,.xliff,application/xliff+xml,application/xml,text/xml"
            required
          />
        </div>
        <button type="submit" className="btn btn-primary">
          {copy.check}
        </button>
      </form>
    </AdminSection>
  )
}
