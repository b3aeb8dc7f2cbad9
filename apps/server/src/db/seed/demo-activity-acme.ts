// Acme's crew at work (issue 23): the second demo client is as alive as the first. Its members shared the
// countdown and the summer launch on its networks (the launch this week, so the weekly leaderboard ranks real
// posts) and finished the crew trainings over the last six weeks. Everything is written by the Demo seed's own
// client-parameterised writers, as the app writes it, so the leaderboards (the ledger's rollup), admin
// Participation, Reporting (report_facts) and the Dashboard all tell one story: every point of Acme's members is
// a participation's (source participation:<id>), none is a bare award (demo-points.ts leaves Acme out).
// Acme's words are Mission and Squad: nothing here says project or team.
import type { Db } from '../client.ts';
import { type CommunityShare, seedCommunityShares } from './demo-community-shares.ts';
import { seedTrainingHistory } from './demo-reporting.ts';

const COUNTDOWN = 'Share the countdown';
const SUMMER = 'Announce the summer launch';
const LAUNCH_DAY = 'Show your launch day';

/** Who shared what, where and when; `thisWeek` shares are this week's points (demo-community-shares.ts). */
const SHARES: CommunityShare[] = [
  { who: 'nova.reyes', activity: COUNTDOWN, channel: 'instagram', ago: 44, clicks: 14, over: 25 },
  { who: 'nova.reyes', activity: COUNTDOWN, channel: 'twitter', ago: 43, clicks: 6, over: 10 },
  { who: 'orion.patel', activity: COUNTDOWN, channel: 'linkedin', ago: 38, clicks: 9, over: 20 },
  { who: 'luna.andersson', activity: COUNTDOWN, channel: 'instagram', ago: 30, clicks: 11, over: 20 },
  { who: 'atlas.mwangi', activity: COUNTDOWN, channel: 'twitter', ago: 26, clicks: 4, over: 10 },
  { who: 'luna.andersson', activity: COUNTDOWN, channel: 'linkedin', ago: 22, clicks: 5, over: 12 },
  { who: 'member', activity: COUNTDOWN, channel: 'linkedin', ago: 18, clicks: 8, over: 14 },
  { who: 'atlas.mwangi', activity: COUNTDOWN, channel: 'instagram', ago: 15, clicks: 7, over: 10 },
  { who: 'nova.reyes', activity: SUMMER, channel: 'instagram', thisWeek: 0.2, clicks: 9, over: 6 },
  { who: 'orion.patel', activity: SUMMER, channel: 'linkedin', thisWeek: 0.35, clicks: 5, over: 5 },
  { who: 'luna.andersson', activity: SUMMER, channel: 'twitter', thisWeek: 0.5, clicks: 3, over: 4 },
  { who: 'nova.reyes', activity: SUMMER, channel: 'linkedin', thisWeek: 0.6, clicks: 4, over: 3 },
  { who: 'nova.reyes', activity: LAUNCH_DAY, channel: 'instagram', thisWeek: 0.7, clicks: 6, over: 2 },
  { who: 'member', activity: SUMMER, channel: 'instagram', thisWeek: 0.8, clicks: 2, over: 2 },
  {
    who: 'atlas.mwangi',
    activity: SUMMER,
    channel: 'linkedin',
    thisWeek: 0.9,
    clicks: 1,
    over: 1,
    pending: true,
  },
];

/** What each post says, as the crew member edited it. */
const TEXTS: Record<string, string> = {
  [COUNTDOWN]: 'The countdown is on: the Acme summer launch is almost here! #AcmeCrew',
  [SUMMER]: 'Our crew is taking on the Acme summer mission! Who is joining us? #AcmeCrew',
  [LAUNCH_DAY]: 'Launch day with the crew: this is what it looks like! #AcmeCrew #launch',
};

/** Acme's shares, their visitors and points, and its crew's training history (run after seedAcmeContent). */
export async function seedAcmeActivity(db: Db): Promise<void> {
  await seedCommunityShares(db, {
    client: 'Acme',
    domain: 'acme.test',
    shares: SHARES,
    texts: TEXTS,
    seed: 137,
  });
  // Every crew member (the admin runs the missions): Milo, the member login, too.
  await seedTrainingHistory(db, {
    client: 'Acme',
    trainings: ['Crew safety basics', 'Launch day checklist'],
    skip: [],
    learners: 10,
    spanDays: 42,
  });
}
