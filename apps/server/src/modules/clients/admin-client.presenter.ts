import {
  type AdminClientInput,
  type AdminClientSettings,
  type CustomUrlResponse,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  FEATURES,
  type Feature,
  ROLE_LABEL_KEYS,
  SOCIAL_CHANNELS,
  type SocialChannel,
} from '@rally/shared';
import type { AppConfig } from '../../config.ts';
import type { StoredClientConfig } from '../../db/schema/index.ts';
import { linkOriginOf, slugHostOf } from '../../lib/origins.ts';
import type { ClientRow } from './clients.repository.ts';

/** The client's editable settings, with defaults filled in as the app shows them (SPEC 3). */
export function presentClientSettings(row: ClientRow): AdminClientSettings {
  const c = row.config;
  const labels = c.role_labels ?? {};
  return {
    name: row.name,
    image_url: row.imageUrl,
    home_image_url: row.homeImageUrl,
    favicon_url: row.faviconUrl,
    primary_color: c.primary_color ?? DEFAULT_PRIMARY_COLOR,
    secondary_color: c.secondary_color ?? DEFAULT_SECONDARY_COLOR,
    project: c.project ?? { singular: 'Project', plural: 'Projects' },
    team: c.team ?? { singular: 'Team', plural: 'Teams' },
    role_labels: Object.fromEntries(
      ROLE_LABEL_KEYS.map((key) => [key, labels[key] ?? '']),
    ) as AdminClientSettings['role_labels'],
    terms_url: c.terms_url ?? '',
    features: row.features.filter((f): f is Feature => (FEATURES as readonly string[]).includes(f)),
    channels: row.channels.filter((ch): ch is SocialChannel =>
      (SOCIAL_CHANNELS as readonly string[]).includes(ch),
    ),
    white_label: c.white_label ?? false,
    community_variant: c.community_variant ?? 'full',
    paused: c.paused ?? false,
    pause_override: c.pause_override ?? [],
  };
}

/** The change with colours upper-cased, as they are stored and compared. */
export function normalizeChange(patch: Partial<AdminClientInput>): Partial<AdminClientInput> {
  return {
    ...patch,
    ...(patch.primary_color && { primary_color: patch.primary_color.toUpperCase() }),
    ...(patch.secondary_color && { secondary_color: patch.secondary_color.toUpperCase() }),
  };
}

/** The fields of a change whose value differs from the current settings. */
export function changedFields(
  current: AdminClientSettings,
  patch: Partial<AdminClientInput>,
): (keyof AdminClientInput)[] {
  return (Object.keys(patch) as (keyof AdminClientInput)[]).filter(
    (key) => patch[key] !== undefined && JSON.stringify(patch[key]) !== JSON.stringify(current[key]),
  );
}

/** The row columns to write for the settings after a change (config keeps keys it does not edit). */
export function toClientColumns(row: ClientRow, next: AdminClientSettings) {
  const roleLabels = Object.fromEntries(
    ROLE_LABEL_KEYS.flatMap((key) => (next.role_labels[key] ? [[key, next.role_labels[key]]] : [])),
  );
  const config: StoredClientConfig = {
    ...row.config,
    primary_color: next.primary_color,
    secondary_color: next.secondary_color,
    project: next.project,
    team: next.team,
    role_labels: roleLabels,
    terms_url: next.terms_url || null,
    white_label: next.white_label,
    community_variant: next.community_variant,
    paused: next.paused,
    pause_override: next.pause_override,
  };
  return {
    name: next.name,
    imageUrl: next.image_url,
    homeImageUrl: next.home_image_url,
    faviconUrl: next.favicon_url,
    features: next.features,
    channels: next.channels,
    config,
  };
}

/**
 * The custom URL with the addresses it opens the app on, built from the configured app host and public scheme and
 * port (never from a request's Host).
 */
export function presentCustomUrl(
  slug: string | null,
  config: Pick<AppConfig, 'appHost' | 'publicUrl'>,
): CustomUrlResponse {
  if (!slug) return { custom_url: null, addresses: { path: null, subdomain: null } };
  const appOrigin = linkOriginOf(config.appHost, config.publicUrl);
  return {
    custom_url: slug,
    addresses: {
      path: `${appOrigin}/c/${encodeURIComponent(slug)}`,
      subdomain: linkOriginOf(slugHostOf(slug, config.appHost), config.publicUrl),
    },
  };
}
