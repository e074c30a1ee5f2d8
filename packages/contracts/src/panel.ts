import { z } from 'zod';
import { PANEL_FLAVOURS } from './settings.ts';

export const PanelFlavourSchema = z.enum(PANEL_FLAVOURS);

/** Which panel servers live on; `simulated` is the demo panel (nothing really runs), null = none yet. */
export const PanelKindSchema = z.enum(['pterodactyl', 'pelican', 'simulated']).nullable();
export type PanelKind = z.infer<typeof PanelKindSchema>;

/** "Test the connection": what the panel turned out to be and how much of it Hostdeck can see. */
export const PanelTestReportSchema = z
  .object({
    success: z.literal(true),
    kind: PanelKindSchema.unwrap(),
    /** The panel software found at the address (read from its API, not from the settings). */
    flavour: PanelFlavourSchema,
    /**
     * The version as far as the Application API reveals it (neither panel reports its version there,
     * so it is told from the fields the API answers with), e.g. "1.x" or "1.0.0-beta26 or later".
     */
    version: z.string(),
    /** Locations (Pterodactyl) or distinct node tags (Pelican): what a Hostdeck location maps to. */
    locations: z.number().int(),
    nodes: z.number().int(),
    /** Nests (Pterodactyl) or distinct egg tags (Pelican). */
    categories: z.number().int(),
    eggs: z.number().int(),
    latency_ms: z.number().int(),
  })
  .meta({ id: 'PanelTestReport' });
export type PanelTestReport = z.infer<typeof PanelTestReportSchema>;
