import type { Bindings } from '../env'

/** Queue consumer for lead delivery. Placeholder until the contact pipeline lands. */
export async function handleQueue(batch: MessageBatch<unknown>, _env: Bindings): Promise<void> {
  batch.ackAll()
}
