import type { Client } from '@rally/shared';
import { isLoopbackHost } from '../../lib/loopback.ts';
import { brandColor } from '../pwa/pwa.presenter.ts';

/** The Microsoft Teams app manifest schema the package follows (issue 24). */
export const TEAMS_MANIFEST_VERSION = '1.30';
export const TEAMS_MANIFEST_SCHEMA = `https://developer.microsoft.com/json-schemas/teams/v${TEAMS_MANIFEST_VERSION}/MicrosoftTeams.schema.json`;
/** Limits of the manifest schema. */
const SHORT_NAME_MAX = 30;
const FULL_NAME_MAX = 100;
const SHORT_DESCRIPTION_MAX = 80;

const cut = (text: string, max: number) =>
  Array.from(text).length <= max
    ? text
    : `${Array.from(text)
        .slice(0, max - 1)
        .join('')}…`;

/**
 * The package's version: Teams takes an update only with a higher version, so each download gets the time it was
 * made (1.YYYYMMDD.HHMMSS, numbers without leading zeros, as the schema requires).
 */
export function packageVersion(now: Date): string {
  const iso = now.toISOString();
  const day = Number(iso.slice(0, 10).replaceAll('-', ''));
  const time = Number(iso.slice(11, 19).replaceAll(':', ''));
  return `1.${day}.${time}`;
}

/**
 * The manifest of the client's Microsoft Teams app (issue 24): a personal tab that opens /integrations/teams on the
 * client's own address, in the client's name and colour; its icons are color.png and outline.png beside it.
 */
export function presentTeamsManifest(client: Client, origin: string, now: Date) {
  const url = new URL(origin);
  return {
    $schema: TEAMS_MANIFEST_SCHEMA,
    manifestVersion: TEAMS_MANIFEST_VERSION,
    version: packageVersion(now),
    id: client.id,
    developer: {
      name: cut(client.name, 32),
      websiteUrl: `${origin}/`,
      // The client's terms (the Terms of Use page shows them when it has no address of its own) cover privacy too.
      privacyUrl: client.config.terms_url ?? `${origin}/contract`,
      termsOfUseUrl: client.config.terms_url ?? `${origin}/contract`,
    },
    name: { short: cut(client.name, SHORT_NAME_MAX), full: cut(client.name, FULL_NAME_MAX) },
    description: {
      short: cut(`${client.name} in Microsoft Teams`, SHORT_DESCRIPTION_MAX),
      full: cut(`Open ${client.name} inside Microsoft Teams with the account you already have.`, 4000),
    },
    icons: { color: 'color.png', outline: 'outline.png' },
    accentColor: brandColor(client),
    staticTabs: [
      {
        entityId: 'home',
        name: cut(client.name, 128),
        contentUrl: `${origin}/integrations/teams?context=tab`,
        websiteUrl: `${origin}/`,
        scopes: ['personal'],
      },
    ],
    permissions: ['identity'],
    validDomains: [url.hostname],
  };
}

/**
 * Why Teams could not open the client's address, or null: Teams opens only https pages; a demo on this machine
 * (a loopback host) may still look at its package.
 */
export function teamsOriginProblem(origin: string): string | null {
  const { protocol, hostname } = new URL(origin);
  return protocol === 'https:' || isLoopbackHost(hostname)
    ? null
    : `Microsoft Teams opens only https addresses: serve ${origin} over https first`;
}
