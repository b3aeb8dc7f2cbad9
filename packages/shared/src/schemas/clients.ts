import { z } from 'zod';
import { FEATURES, SOCIAL_CHANNELS } from '../constants/domain.ts';
import { isValidWebsiteUrl, validateCustomUrl } from '../rules/validation.ts';

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
  /**
   * The client's single sign-on, when on (issue 24): the company sign-in's name ("Sign in with {name}") and whether
   * members must use it (passwords are then refused but for one break-glass admin).
   */
  sso: z.object({ name: z.string(), required: z.boolean() }).nullable().default(null),
});
export type Client = z.infer<typeof ClientSchema>;

export const BootstrapResponseSchema = z.object({ client: ClientSchema });
export type BootstrapResponse = z.infer<typeof BootstrapResponseSchema>;

export const VersionResponseSchema = z.object({ version: z.string() });
export type VersionResponse = z.infer<typeof VersionResponseSchema>;

// ---- Admin ----

/**
 * Zod schemas of the admin General page (GET/PATCH /api/admin/client, ADMIN only): the client's own settings.
 * Messages leave the field out: the server prefixes the field's path ("project.singular: must not be empty"),
 * and the form shows them under the field itself.
 */

export const CLIENT_NAME_MAX = 80;
export const CLIENT_WORD_MAX = 40;
export const ROLE_LABEL_MAX = 40;
export const TERMS_URL_MAX = 2000;
export const CLIENT_IMAGE_URL_MAX = 2048;
/** Role labels a client may rename (SPEC 1); an empty label uses the default wording. */
export const ROLE_LABEL_KEYS = ['user', 'lead', 'teamLead', 'admin', 'teamAdmin'] as const;
export type RoleLabelKey = (typeof ROLE_LABEL_KEYS)[number];
/** The full Community, or the white-label variant of SPEC 6 (no Feed or Following). */
export const COMMUNITY_VARIANTS = ['full', 'white_label'] as const;
export type CommunityVariant = (typeof COMMUNITY_VARIANTS)[number];

const isUnique = (values: readonly unknown[]) => new Set(values).size === values.length;
const maxMessage = (max: number) => `must be ${max} characters or less`;

const word = z.string().trim().min(1, 'must not be empty').max(CLIENT_WORD_MAX, maxMessage(CLIENT_WORD_MAX));
const wording = z.strictObject({
  /** e.g. Project, Mission. */
  singular: word,
  /** e.g. Projects, Missions. */
  plural: word,
});
const roleLabel = z.string().trim().max(ROLE_LABEL_MAX, maxMessage(ROLE_LABEL_MAX));
const imageUrl = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(CLIENT_IMAGE_URL_MAX, 'is too long')
  .nullable();
const flag = z.boolean({ message: 'must be true or false' });

/** The settings an admin edits, with the rules every change must pass. */
export const AdminClientInputSchema = z.strictObject({
  /** The client's name: page title, login card, header. */
  name: z.string().trim().min(1, 'must not be empty').max(CLIENT_NAME_MAX, maxMessage(CLIENT_NAME_MAX)),
  /** Header logo: an image uploaded to this client (type client-logo), or null. */
  image_url: imageUrl,
  /** Larger home image: an upload of this client (type client-home-image), or null. */
  home_image_url: imageUrl,
  /** Favicon: an upload of this client (type favicon), or null for the default mark. */
  favicon_url: imageUrl,
  primary_color: hexColor,
  secondary_color: hexColor,
  /** The client's word for project. */
  project: wording,
  /** The client's word for team. */
  team: wording,
  /** Custom role labels; '' uses the default. */
  role_labels: z.strictObject({
    user: roleLabel,
    lead: roleLabel,
    teamLead: roleLabel,
    admin: roleLabel,
    teamAdmin: roleLabel,
  }),
  /** External terms of use (SPEC 5 website URL): '' for none, else http(s). */
  terms_url: z
    .string()
    .trim()
    .max(TERMS_URL_MAX, maxMessage(TERMS_URL_MAX))
    .refine(isValidWebsiteUrl, 'must be empty or a web address starting with http:// or https://'),
  /** Enabled features. */
  features: z
    .array(z.enum(FEATURES, { message: `must be among ${FEATURES.join(', ')}` }))
    .refine(isUnique, 'must not repeat a feature'),
  /** Social channels members share to; at least one. */
  channels: z
    .array(z.enum(SOCIAL_CHANNELS, { message: `must be among ${SOCIAL_CHANNELS.join(', ')}` }))
    .min(1, 'must include at least one channel')
    .refine(isUnique, 'must not repeat a channel'),
  /** White-labelled: the client's own brand only, no product description. */
  white_label: flag,
  community_variant: z.enum(COMMUNITY_VARIANTS, { message: 'must be full or white_label' }),
  /** Paused: members are blocked unless one of their teams is in pause_override; admins never are. */
  paused: flag,
  /** Ids of this client's teams whose members keep access while paused. */
  pause_override: z
    .array(z.uuid({ message: 'must list team ids' }))
    .max(1000, 'must list at most 1000 teams')
    .refine(isUnique, 'must not repeat a team'),
});
export type AdminClientInput = z.infer<typeof AdminClientInputSchema>;

/** PATCH /api/admin/client: any subset of the settings; nothing is changed when any field is refused. */
export const UpdateAdminClientRequestSchema = AdminClientInputSchema.partial();
export type UpdateAdminClientRequest = z.infer<typeof UpdateAdminClientRequestSchema>;

/** The settings as stored, with defaults filled in (answers of GET and PATCH). */
export const AdminClientSettingsSchema = z.object({
  name: z.string(),
  image_url: z.string().nullable(),
  home_image_url: z.string().nullable(),
  favicon_url: z.string().nullable(),
  primary_color: z.string(),
  secondary_color: z.string(),
  project: z.object({ singular: z.string(), plural: z.string() }),
  team: z.object({ singular: z.string(), plural: z.string() }),
  role_labels: z.object({
    user: z.string(),
    lead: z.string(),
    teamLead: z.string(),
    admin: z.string(),
    teamAdmin: z.string(),
  }),
  terms_url: z.string(),
  features: z.array(z.enum(FEATURES)),
  channels: z.array(z.enum(SOCIAL_CHANNELS)),
  white_label: z.boolean(),
  community_variant: z.enum(COMMUNITY_VARIANTS),
  paused: z.boolean(),
  pause_override: z.array(z.string()),
});
export type AdminClientSettings = z.infer<typeof AdminClientSettingsSchema>;

export const AdminClientResponseSchema = z.object({ settings: AdminClientSettingsSchema });
export type AdminClientResponse = z.infer<typeof AdminClientResponseSchema>;

/**
 * PUT /api/admin/client/custom-url: the client's slug (its address on the shared host, /c/{slug}), checked with SPEC
 * 5's rule and messages (validateCustomUrl, CUSTOM_URL_MAX_LENGTH); stored trimmed, unique across clients.
 */
export const CustomUrlRequestSchema = z.strictObject({
  custom_url: z
    .string({ error: () => validateCustomUrl(null) ?? '' })
    .superRefine((value, ctx) => {
      const message = validateCustomUrl(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((value) => value.trim()),
});
export type CustomUrlRequest = z.input<typeof CustomUrlRequestSchema>;

/**
 * GET and PUT /api/admin/client/custom-url: the slug, or null before one is chosen, and the addresses it opens the
 * app on (null without a slug; no subdomain for a slug with an underscore, which a host name cannot hold).
 */
export const CustomUrlResponseSchema = z.object({
  custom_url: z.string().nullable(),
  addresses: z.object({
    /** `{app origin}/c/{slug}`: takes visitors to the client's own address. */
    path: z.string().nullable(),
    /** `{scheme}://{slug}.{APP_HOST}`: the client's default subdomain, answering as the client. */
    subdomain: z.string().nullable(),
  }),
});
export type CustomUrlResponse = z.infer<typeof CustomUrlResponseSchema>;
