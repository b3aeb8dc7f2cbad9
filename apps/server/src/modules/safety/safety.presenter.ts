import {
  getDisplayName,
  type ModerationItem,
  type ModerationStatus,
  type SafetyRule,
  type SafetyRuleKind,
} from '@rally/shared';
import { iso } from '../projects/projects.presenter.ts';
import type { ModerationRow, SafetyRuleRow } from './safety.repository.ts';

export function presentSafetyRule(row: SafetyRuleRow): SafetyRule {
  return {
    id: row.id,
    phrase: row.phrase,
    normalized: row.normalized,
    kind: row.kind as SafetyRuleKind,
    created_at: iso(row.createdAt)!,
  };
}

type Person = ModerationRow['author'];

function presentPerson(p: Person): ModerationItem['author'] {
  if (!p?.id) return null;
  return { id: p.id, display_name: getDisplayName(p), image_url: p.image_url };
}

export function presentModerationItem(row: ModerationRow): ModerationItem {
  return {
    id: row.id,
    target_kind: row.target_kind,
    target_id: row.target_id,
    author: presentPerson(row.author),
    text: row.text,
    matches: row.matches,
    is_held: row.is_held,
    status: row.status as ModerationStatus,
    created_at: iso(row.created_at)!,
    decided_by: presentPerson(row.decider),
    decided_at: iso(row.decided_at),
  };
}

/** The name of a rule kind in messages: "blocked", "flagged", "allowed". */
export const KIND_WORD: Record<SafetyRuleKind, string> = {
  block: 'blocked',
  flag: 'flagged',
  allow: 'allowed',
};
