import type { Role } from '@rally/shared';
import { type Decision, roleIn } from '../../lib/authorize.ts';

/** Reporting, its exports and scheduled reports are ADMIN only (SPEC 6). */
export const useReports = (viewer: { role: Role }): Decision =>
  roleIn(viewer.role, ['ADMIN'], 'use reporting');

/** An export or a subscription is its creator's: another admin of the client gets a 404, like another client. */
export const ownsReportItem = (viewer: { id: string }, item: { userId: string }): boolean =>
  viewer.id === item.userId;
