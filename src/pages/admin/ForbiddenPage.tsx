import { AdminSection } from '../../components/admin/AdminShell'
import { adminCopy } from '../../content/admin'
import { fillTemplate } from '../../lib/template'
import type { PageModule } from '../../schemas/page-module'
import { adminPage, signedOutPage, type AdminFrame } from './AdminFrame'

const copy = adminCopy.forbidden

/** 403: a part of the console the person's role does not open, and the roles that do. */
export function forbiddenPage({ needs, ...frame }: AdminFrame & { needs: string }): PageModule {
  const words = { roles: needs, who: frame.who, role: adminCopy.roles[frame.role].name }
  return adminPage(
    undefined,
    copy,
    frame,
    <AdminSection title={copy.heading}>
      <p>{fillTemplate(copy.text, words)}</p>
      <p>{copy.ask}</p>
    </AdminSection>,
  )
}

/** 403 for a Cloudflare Access identity with no role: who they are, and whom to ask. */
export function noRolePage(askAdmins: readonly string[]): PageModule {
  const text = adminCopy.noRole
  return signedOutPage(
    text,
    <AdminSection title={text.heading}>
      <p>{text.text}</p>
      {askAdmins.length ? (
        <>
          <p>{text.ask}</p>
          <ul>
            {askAdmins.map((email) => (
              <li key={email}>
                <a href={`mailto:${email}`} className="text-link">
                  {email}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{text.nobody}</p>
      )}
    </AdminSection>,
  )
}
