/**
 * The password admin's session cookie from a running worker, signed in through the console's
 * form as a browser on the same origin would.
 *
 * @param {string} base
 * @param {string} password the worker's ADMIN_PASSWORD
 */
export async function signIn(base, password) {
  const res = await fetch(`${base}/admin/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      origin: base,
      'sec-fetch-site': 'same-origin',
      // Console posts must come from a console page (platform/middleware/same-origin.ts consoleForm).
      referer: `${base}/admin/sign-in`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ username: 'admin', password }).toString(),
  })
  const cookie = res.headers.getSetCookie().find((line) => line.includes('admin_session='))
  if (!cookie) throw new Error(`sign-in failed: ${res.status}`)
  return cookie.split(';')[0]
}
