/**
 * Everything the worker tests share (they run inside workerd): the app and its env, unique
 * clients and a fresh isolate per test, drivers of the local EmailJS and RTDB stand-ins, console
 * capture, contact posts, the queue simulation and hostile-input generators. The generators of
 * each endpoint's fuzz test sit beside it in fuzz-contact.ts and fuzz-settings.ts.
 */
export * from './app'
export * from './console'
export * from './contact'
export * from './emailjs'
export * from './hostile'
export * from './leads'
export * from './queues'
export * from './rtdb'
export * from './access'
export * from './admin'
export * from './roles'
export * from './images'
export * from './studio'
export * from './password-sign-in'
export * from './delivery'
export * from './scheduled'
