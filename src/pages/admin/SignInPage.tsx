import { AdminSection } from '../../components/admin/AdminShell'
import { LabelledInput } from '../../components/admin/LabelledInput'
import { PasskeyButton } from '../../components/admin/PasskeyButton'
import { Notice } from '../../components/ui/Notice'
import { adminCopy } from '../../content/admin'
import { ADMIN_PATHS } from '../../lib/admin-links'
import type { AdminNotice } from '../../schemas/admin-words'
import type { PageModule } from '../../schemas/page-module'
import { signedOutPage } from './AdminFrame'

export interface SignInData {
  /** Where to go once signed in (already checked: a console path). */
  next: string
  /** The password form, or why there is none. */
  password: { open: true; username?: string } | { open: false; why: string }
  /** Whether passkeys can sign in here (not behind Cloudflare Access). */
  passkeys: boolean
  /** Why the last password attempt failed. */
  refusal?: string
  notice?: AdminNotice
}

const copy = adminCopy.signIn

/**
 * /admin/sign-in: the password form (a plain post, no script needed) and the passkey button
 * (which needs JavaScript, and so loads the console's passkey script).
 */
export function signInPage({ next, password, passkeys, refusal, notice }: SignInData): PageModule {
  return signedOutPage(
    copy,
    <>
      <AdminSection title={copy.form.title}>
        {refusal ? <Notice ok={false} title={copy.form.title} text={refusal} /> : null}
        {password.open ? (
          <form method="post" action={ADMIN_PATHS.signIn} className="update-form">
            <input type="hidden" name="next" value={next} />
            <LabelledInput
              id="sign-in-username"
              label={copy.form.username}
              name="username"
              autoComplete="username"
              required
              defaultValue={password.username}
              aria-invalid={refusal ? true : undefined}
            />
            <LabelledInput
              id="sign-in-password"
              label={copy.form.password}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={refusal ? true : undefined}
            />
            <button type="submit" className="btn btn-primary form-submit">
              {copy.form.submit}
            </button>
          </form>
        ) : (
          <p className="field-hint">{password.why}</p>
        )}
      </AdminSection>
      {passkeys ? (
        <AdminSection title={copy.passkey.title}>
          <form className="update-form">
            <p>{copy.passkey.intro}</p>
            <PasskeyButton
              ceremony="sign-in"
              options={ADMIN_PATHS.passkeySignInOptions}
              verify={ADMIN_PATHS.passkeySignIn}
              next={next}
              copy={copy.passkey}
            />
          </form>
        </AdminSection>
      ) : null}
    </>,
    notice,
  )
}
