/**
 * The leads wing's door for its services, storage and values: what another wing may import from it
 * (README, Architecture). Nothing today: another wing gets what it needs of the leads from the
 * composition root (server/isolate.ts), which hands it in.
 */
export {}
