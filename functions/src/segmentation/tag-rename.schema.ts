import * as z from 'zod';

/**
 * The `tag-rename` job on the `jobs` queue (functions/src/queues.ts), sent by `updateTag`
 * (tags.service.ts) and read by tags.consumer.ts: rename the customers that still carry a tag's
 * old description.
 */
export const TagRenameJob = z.object({
  type: z.literal('tag-rename'),
  tenant: z.string().min(1),
  /** The renamed tag. */
  tag: z.number().int().positive(),
  /** The description the customers still carry. */
  from: z.string().min(1),
});
export type TagRenameJob = z.infer<typeof TagRenameJob>;
