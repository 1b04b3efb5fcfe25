import { z } from 'zod';
import { getGatewayJson, postGatewayParsed } from './gateway-json.ts';

/**
 * Bulk reassignments kept by the gateway (#31 item 4; not part of the service): each batch, the
 * networks it wrote with their before and after, and which of them were put back since. The
 * writes themselves are E16 calls that name their batch in a header, so the gateway records
 * each network's before and after as it journals the write.
 */

/** Names the batch a write belongs to (E16 only). */
export const BATCH_HEADER = 'x-reassignment-batch';
/** Names the batch a write puts back (E16 only). */
export const UNDO_HEADER = 'x-reassignment-undo';

export const BatchNetworkSchema = z.looseObject({
  student: z.string(),
  writtenAt: z.string(),
  /** null: the gateway could not read the network before the write, so it cannot be put back. */
  before: z.array(z.string()).nullable(),
  after: z.array(z.string()).nullable(),
  undoneAt: z.string().optional(),
  undoneBy: z.string().optional(),
});
export type BatchNetwork = z.infer<typeof BatchNetworkSchema>;

export const ReassignmentBatchSchema = z.looseObject({
  id: z.number().int(),
  actor: z.string(),
  createdAt: z.string(),
  description: z.string(),
  networks: z.array(BatchNetworkSchema),
});
export type ReassignmentBatch = z.infer<typeof ReassignmentBatchSchema>;

export const BatchListSchema = z.looseObject({ values: z.array(ReassignmentBatchSchema), days: z.number().int() });

/** A batch's description as the person chose it: at most this many characters. */
export const BATCH_DESCRIPTION_MAX = 300;

export const batchesClient = {
  /** 201 with the new, empty batch; 403 for someone who may not edit networks. */
  create: (description: string, signal?: AbortSignal): Promise<ReassignmentBatch> =>
    postGatewayParsed('batches.create', '/session/batches', { description }, ReassignmentBatchSchema, signal),
  /** The batches of the last `days` days, newest first. */
  list: (days: number, signal?: AbortSignal) => getGatewayJson('batches.list', `/session/batches?days=${days}`, BatchListSchema, signal),
  get: (id: number, signal?: AbortSignal) => getGatewayJson('batches.get', `/session/batches/${id}`, ReassignmentBatchSchema, signal),
};
