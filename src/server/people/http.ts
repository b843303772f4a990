/** The people wing's door for the middleware and page helpers other wings' routes use; its routes are mounted from above. */
export { recordActivity } from './middleware/activity'
export { adminAuth } from './middleware/admin-auth'
export { consoleSignIn } from './middleware/console-session'
export { allow } from './middleware/permission'
export { adminFrame, adminName, backWith, mayDo, valueOrNull } from './render/admin-frame'
