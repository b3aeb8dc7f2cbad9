import { z } from 'zod';
import { FEATURES, SOCIAL_CHANNELS } from '../constants/domain.ts';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #007E97');

/** Client wording for a noun: singular and plural. */
export const WordingSchema = z.object({
  singular: z.string().min(1).max(40),
  plural: z.string().min(1).max(40),
});

/** Custom role labels (SPEC 1). Any absent label uses the default wording. */
export const RoleLabelsSchema = z.object({
  user: z.string().max(40).optional(),
  lead: z.string().max(40).optional(),
  teamLead: z.string().max(40).optional(),
  admin: z.string().max(40).optional(),
  teamAdmin: z.string().max(40).optional(),
});

/** Client configuration (SPEC 3). */
export const ClientConfigSchema = z.object({
  /** Deep-link provider key; absent logs "Branch key not found" when resolving. */
  branch_key: z.string().nullable(),
  primary_color: hexColor,
  secondary_color: hexColor,
  /** External terms of use; the user menu links to it when set. */
  terms_url: z.string().nullable(),
  home_image: z.object({ class: z.string().nullable(), width: z.number().int(), height: z.number().int() }),
  /** Word for project, singular and plural. */
  project: WordingSchema,
  /** Word for team, singular and plural. */
  team: WordingSchema,
  role_labels: RoleLabelsSchema,
  /** i18next namespace whose strings override the defaults. */
  i18n_namespace: z.string().nullable(),
  paused: z.boolean(),
  /** Team ids whose members keep using a paused client. */
  pause_override: z.array(z.string()),
  /** White-labelled: own words and branding, no Rally description. */
  white_label: z.boolean(),
  /** The white-label Community variant of SPEC 6 (Feed and Following removed). */
  community_variant: z.enum(['full', 'white_label']),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;

/** Client as the app sees it (SPEC 3). */
export const ClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  image_url: z.string().nullable(),
  home_image_url: z.string().nullable(),
  features: z.array(z.object({ id: z.enum(FEATURES) })),
  channels: z.array(z.enum(SOCIAL_CHANNELS)),
  contract_id: z.string().nullable(),
  config: ClientConfigSchema,
  /** Whether the client has any teams (drives Community tabs). */
  has_teams: z.boolean(),
  /** i18n overrides for the client's namespace (words, role labels). */
  strings: z.record(z.string(), z.string()),
});
export type Client = z.infer<typeof ClientSchema>;

export const BootstrapResponseSchema = z.object({ client: ClientSchema });
export type BootstrapResponse = z.infer<typeof BootstrapResponseSchema>;

export const VersionResponseSchema = z.object({ version: z.string() });
