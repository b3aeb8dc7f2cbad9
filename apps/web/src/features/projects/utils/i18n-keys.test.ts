import { ACTIVITY_STATUSES, PROJECT_STATES, SOCIAL_CHANNELS } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { firstStrings } from '../../../locales/en';
import { fetchLaterStrings, mergeStrings } from '../../../locales/strings';

// Every English string: the first load's and the later ones, merged as the running app has them.
// biome-ignore lint/suspicious/noExplicitAny: JSON of nested strings, read by path
const common: any = mergeStrings(firstStrings(), await fetchLaterStrings(), 'later');

import type { ParticipationBlocker } from './participation-blocker';

// Keys built at run time (`activities.status.${status}`), which the literal-key check in locales.test.ts can't see.
function missing(keys: string[]): string[] {
  return keys.filter((key) => {
    let node: unknown = common;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node !== 'string';
  });
}

const BLOCKERS: (ParticipationBlocker | 'unknown')[] = [
  'ended',
  'projectUpcoming',
  'notJoined',
  'notStarted',
  'closed',
  'unknown',
];

describe('dynamic projects i18n keys', () => {
  it('names every status, state, channel, blocker and media kind', () => {
    expect(
      missing([
        ...ACTIVITY_STATUSES.map((s) => `activities.status.${s}`),
        ...PROJECT_STATES.map((s) => `projects.states.${s}`),
        ...SOCIAL_CHANNELS.map((c) => `channels.${c}`),
        ...BLOCKERS.map((b) => `activities.blockers.${b}`),
        ...['image', 'video', 'any'].map((m) => `submission.addMedia_${m}`),
      ]),
    ).toEqual([]);
  });

  it('uses the SPEC wording for channels', () => {
    expect(common.channels.twitter).toBe('X (Twitter)');
    expect(common.channels.linkedin).toBe('LinkedIn');
  });
});
