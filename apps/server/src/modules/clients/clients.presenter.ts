import {
  type Client,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  FEATURES,
  type Feature,
  HOME_IMAGE_SIZE,
  SOCIAL_CHANNELS,
  type SocialChannel,
} from '@rally/shared';
import type { clients } from '../../db/schema/index.ts';

type ClientRow = typeof clients.$inferSelect;

const ROLE_LABEL_KEYS = ['user', 'lead', 'teamLead', 'admin', 'teamAdmin'] as const;

/** The client as GET /api/bootstrap and /api/me show it, with defaults filled in (SPEC 3). */
export function presentClient(row: ClientRow, hasTeams: boolean, sso: Client['sso'] = null): Client {
  const c = row.config;
  const project = c.project ?? { singular: 'Project', plural: 'Projects' };
  const team = c.team ?? { singular: 'Team', plural: 'Teams' };
  const roleLabels = c.role_labels ?? {};
  return {
    id: row.id,
    name: row.name,
    image_url: row.imageUrl,
    home_image_url: row.homeImageUrl,
    features: row.features
      .filter((f): f is Feature => (FEATURES as readonly string[]).includes(f))
      .map((id) => ({ id })),
    channels: row.channels.filter((ch): ch is SocialChannel =>
      (SOCIAL_CHANNELS as readonly string[]).includes(ch),
    ),
    contract_id: row.contractId,
    config: {
      branch_key: c.branch_key ?? null,
      primary_color: c.primary_color ?? DEFAULT_PRIMARY_COLOR,
      secondary_color: c.secondary_color ?? DEFAULT_SECONDARY_COLOR,
      terms_url: c.terms_url ?? null,
      home_image: {
        class: c.home_image?.class ?? null,
        width: c.home_image?.width ?? HOME_IMAGE_SIZE.width,
        height: c.home_image?.height ?? HOME_IMAGE_SIZE.height,
      },
      project,
      team,
      role_labels: Object.fromEntries(
        ROLE_LABEL_KEYS.flatMap((k) => (roleLabels[k] ? [[k, roleLabels[k]]] : [])),
      ),
      i18n_namespace: c.i18n_namespace ?? null,
      paused: c.paused ?? false,
      pause_override: c.pause_override ?? [],
      white_label: c.white_label ?? false,
      community_variant: c.community_variant ?? 'full',
    },
    has_teams: hasTeams,
    strings: buildStrings(project, team, roleLabels, c.strings ?? {}),
    sso,
  };
}

/** i18n overrides for the client's namespace: its words, role labels and custom strings. */
function buildStrings(
  project: { singular: string; plural: string },
  team: { singular: string; plural: string },
  roleLabels: Record<string, string | undefined>,
  custom: Record<string, string>,
): Record<string, string> {
  const strings: Record<string, string> = {
    'words.project': project.singular,
    'words.projects': project.plural,
    'words.team': team.singular,
    'words.teams': team.plural,
  };
  for (const key of ROLE_LABEL_KEYS) {
    const label = roleLabels[key];
    if (label) strings[`roles.${key}`] = label;
  }
  return { ...strings, ...custom };
}
