import { describe, expect, it } from 'vitest';
import { getParticipationBlocker } from './participation-blocker';

const now = Date.parse('2026-03-10T12:00:00Z');
const open = { starts_at: null, due_at: null };
const running = { state: 'active' as const, joined: true };

describe('getParticipationBlocker', () => {
  it('allows a joined, running project with an open activity', () => {
    expect(getParticipationBlocker(running, open, now)).toBeNull();
    expect(
      getParticipationBlocker(
        running,
        { starts_at: '2026-03-01T00:00:00Z', due_at: '2026-03-11T00:00:00Z' },
        now,
      ),
    ).toBeNull();
  });

  it('explains the project first: ended, not started, not joined', () => {
    expect(getParticipationBlocker({ state: 'ended', joined: true }, open, now)).toBe('ended');
    expect(getParticipationBlocker({ state: 'archived', joined: false }, open, now)).toBe('ended');
    expect(getParticipationBlocker({ state: 'upcoming', joined: true }, open, now)).toBe('projectUpcoming');
    expect(getParticipationBlocker({ state: 'active', joined: false }, open, now)).toBe('notJoined');
  });

  it('then the activity dates', () => {
    expect(getParticipationBlocker(running, { starts_at: '2026-03-11T00:00:00Z', due_at: null }, now)).toBe(
      'notStarted',
    );
    expect(getParticipationBlocker(running, { starts_at: null, due_at: '2026-03-10T11:59:00Z' }, now)).toBe(
      'closed',
    );
  });
});
