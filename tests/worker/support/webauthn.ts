/**
 * Imported first by the test files that run passkey ceremonies. The worker loads SimpleWebAuthn
 * (and the Reflect polyfill it needs) with the first ceremony; in this pool that first load is a
 * module transform of about 2 s, so those files pay it as they load, as they did when the import
 * was static, not inside the 5 s of whichever test asks for a challenge first. Other files never
 * load it.
 */
import 'reflect-metadata'
import '@simplewebauthn/server'
import '@simplewebauthn/server/helpers'
