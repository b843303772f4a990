import { ADMIN_PATHS } from '../../lib/admin-links'
import type { AdminCopy } from '../../schemas/admin-words'
import { LabelledInput } from './LabelledInput'
import { LabelledSelect } from './LabelledSelect'

interface RedirectRuleFormProps {
  copy: AdminCopy['redirects']['add']
  /** What was typed, kept after a refusal. */
  kept?: { from: string; to: string; status: string }
}

/** Add or change a redirect: the old address, the new one, and Permanent or Temporary. */
export function RedirectRuleForm({ copy: a, kept }: RedirectRuleFormProps) {
  return (
    <form method="post" action={ADMIN_PATHS.redirects} className="studio-upload">
      <div className="field">
        <LabelledInput
          id="redirect-from"
          label={a.from}
          hint={a.fromHint}
          name="from"
          required
          maxLength={500}
          placeholder="/old-page"
          defaultValue={kept?.from ?? ''}
        />
      </div>
      <div className="field">
        <LabelledInput
          id="redirect-to"
          label={a.to}
          hint={a.toHint}
          name="to"
          required
          maxLength={2000}
          placeholder="/new-page"
          defaultValue={kept?.to ?? ''}
        />
      </div>
      <div className="field">
        <LabelledSelect
          id="redirect-status"
          label={a.status}
          name="status"
          defaultValue={kept?.status ?? '301'}
          options={[
            { value: '301', label: a.permanent },
            { value: '302', label: a.temporary },
          ]}
        />
      </div>
      <button type="submit" className="btn btn-primary">
        {a.submit}
      </button>
    </form>
  )
}
