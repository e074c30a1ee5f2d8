import { z } from 'zod';

const Counts = z.object({ created: z.number().int(), updated: z.number().int() });

/** "Try it with the demo panel": the simulated panel switched on and its whole catalogue imported. */
export const DemoPanelResponseSchema = z
  .object({
    success: z.literal(true),
    locations: Counts,
    categories: Counts,
    eggs: Counts,
  })
  .meta({ id: 'DemoPanelResult' });
export type DemoPanelResult = z.infer<typeof DemoPanelResponseSchema>;
