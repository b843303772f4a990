/**
 * The console's sign-in settings, read from the env once when the root builds the access service
 * (people/services/access.ts): Cloudflare Access, the password admin, the API token, and the roles of
 * Access identities.
 */
import type { Bindings } from '../../../env'
import { isRole, type Role } from '../../../schemas/roles'
import { accessConfig, type AccessConfig } from './access-jwt'

/** The sign-in settings of an env, read once when the root builds the service. */
export interface AccessSettings {
  access?: AccessConfig
  passwordWithAccess: boolean
  username: string
  password: string
  apiToken: string
  /** Access identities that are admins (lower case). */
  accessAdmins: string[]
  /** The role of every other Access identity; undefined: they have none, and are refused. */
  accessDefaultRole?: Role
}

export const accessSettingsOf = (env: Bindings): AccessSettings => {
  const defaultRole = env.ACCESS_DEFAULT_ROLE?.trim().toLowerCase()
  return {
    access: accessConfig(env),
    passwordWithAccess: env.ADMIN_PASSWORD_WITH_ACCESS === 'true',
    username: env.ADMIN_USERNAME || 'admin',
    password: env.ADMIN_PASSWORD ?? '',
    apiToken: env.SETTINGS_API_TOKEN ?? '',
    accessAdmins: (env.ADMIN_ACCESS_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    accessDefaultRole: isRole(defaultRole) ? defaultRole : undefined,
  }
}
