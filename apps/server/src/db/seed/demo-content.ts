import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';
import { seedAcmeActivity } from './demo-activity-acme.ts';
import { seedDemoApplicants } from './demo-applicants.ts';
import { seedDemoAudit } from './demo-audit.ts';
import { seedDemoBadges } from './demo-badges.ts';
import { seedDemoChat } from './demo-chat.ts';
import { seedDemoCommunityShares } from './demo-community-shares.ts';
import { seedAcmeContent } from './demo-content-acme.ts';
import { seedDemoClientContent } from './demo-content-demo.ts';
import { seedDemoFeed } from './demo-feed.ts';
import { seedDemoMetrics } from './demo-metrics.ts';
import { seedDemoNotifications } from './demo-notifications.ts';
import { seedDemoPeople } from './demo-people.ts';
import { seedDemoPoints } from './demo-points.ts';
import { seedDemoBadgeEventDates, seedDemoTrainingHistory } from './demo-reporting.ts';
import { seedDemoSafety } from './demo-safety.ts';
import { seedDemoShares } from './demo-shares.ts';
import { seedDemoSso } from './demo-sso.ts';

const _days = (n: number) => new Date(Date.now() + n * 86_400_000);

/** Projects, library, participation and points for the demo clients, so `npm start` shows a living app. */
export async function seedDemoContent(db: Db, storage: Storage): Promise<void> {
  await seedDemoClientContent(db, storage);
  await seedAcmeContent(db, storage);
  // Community (issue 4): people first, since the feed, points and notifications are theirs.
  await seedDemoPeople(db, storage);
  await seedDemoFeed(db, storage);
  await seedDemoPoints(db, storage);
  await seedDemoNotifications(db, storage);
  await seedDemoSafety(db, storage);
  // Chat (issue 12): after the people it is between.
  await seedDemoChat(db, storage);
  // Tracked shares (issue 13): member@demo.test's posts on several networks, with clicks over the months.
  await seedDemoShares(db);
  // ...and the community's, so the admin Dashboard and the shares report show a programme, not one person.
  await seedDemoCommunityShares(db);
  // Acme (issue 23): its crew's shares, clicks and trainings, the only source of its points.
  await seedAcmeActivity(db);
  // My Metrics (issue 13): active time over the months, participations on the day they were made.
  await seedDemoMetrics(db);
  // Applicants (issue 14): the open form's questions and a few people waiting for review.
  await seedDemoApplicants(db);
  // The audit log (issue 14): the Demo admin's recent changes.
  await seedDemoAudit(db);
  // Reporting (issue 13): the community's training history over the months.
  await seedDemoTrainingHistory(db);
  // Badges (issue 13): last, so every counter they read is there.
  await seedDemoBadges(db, storage);
  // Reporting (issue 13): badge awards dated like the badges.
  await seedDemoBadgeEventDates(db);
  // Single sign-on (issue 24): through the demo identity provider at /dev/idp.
  await seedDemoSso(db);
}
