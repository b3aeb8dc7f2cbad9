import { type AdminParticipation, getDisplayName } from '@rally/shared';
import { iso } from '../projects/projects.presenter.ts';
import type { AdminParticipationRow } from './participations.repository.ts';

export function presentAdminParticipation(row: AdminParticipationRow): AdminParticipation {
  return {
    id: row.id,
    status: row.status,
    activity: {
      id: row.activity_id,
      title: row.activity_title,
      type: row.activity_type as AdminParticipation['activity']['type'],
      points: row.activity_points,
    },
    project: { id: row.project_id, name: row.project_name },
    user: { id: row.user_id, display_name: getDisplayName(row), email: row.email, image_url: row.image_url },
    data: row.data,
    share: row.share_channel
      ? { channel: row.share_channel, post_url: row.share_post_url, clicks: row.share_clicks ?? 0 }
      : null,
    reject_reason: row.reject_reason,
    created_at: iso(row.created_at)!,
    reviewed_at: iso(row.reviewed_at),
  };
}

const CSV_COLUMNS = [
  'id',
  'created_at',
  'status',
  'type',
  'project',
  'activity',
  'points',
  'member',
  'email',
  'channel',
  'post_url',
  'clicks',
  'response',
  'reject_reason',
  'reviewed_at',
] as const;

/** One CSV field: quoted when needed, and defused when a spreadsheet would read it as a formula. */
export function csvField(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** Participations as a CSV document with a header row. */
export function toCsv(items: AdminParticipation[]): string {
  const lines = items.map((p) => {
    const d = p.data as Record<string, unknown>;
    const response = d.caption ?? d.text ?? d.choice ?? d.image_url ?? '';
    return [
      p.id,
      p.created_at,
      p.status,
      p.activity.type,
      p.project.name,
      p.activity.title,
      p.activity.points,
      p.user.display_name,
      p.user.email,
      p.share?.channel,
      p.share?.post_url,
      p.share?.clicks,
      response,
      p.reject_reason,
      p.reviewed_at,
    ]
      .map(csvField)
      .join(',');
  });
  return `${[CSV_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
}
