import { describe, expect, it } from 'vitest';
import { ACTIVITY_FIELD_RULES, findFieldOfMessage, PROJECT_FIELD_RULES } from './server-field';

describe('findFieldOfMessage', () => {
  it('finds project fields by label and by path', () => {
    expect(findFieldOfMessage('End must be after the start', PROJECT_FIELD_RULES)).toBe('ends_at');
    expect(findFieldOfMessage('Choose at least one Team for a Team audience', PROJECT_FIELD_RULES)).toBe(
      'audience_team_ids',
    );
    // In the client's words (issue 23).
    expect(findFieldOfMessage('Choose at least one Squad for a Squad audience', PROJECT_FIELD_RULES)).toBe(
      'audience_team_ids',
    );
    expect(
      findFieldOfMessage('audience_team_ids: every id must be a team of this app', PROJECT_FIELD_RULES),
    ).toBe('audience_team_ids');
    expect(findFieldOfMessage('Cover must be an uploaded file or an https URL', PROJECT_FIELD_RULES)).toBe(
      'image_url',
    );
  });

  it('finds activity fields, also under config.', () => {
    expect(findFieldOfMessage('config.prompt: Prompt is required', ACTIVITY_FIELD_RULES)).toBe('prompt');
    expect(findFieldOfMessage('Due date must be after the start', ACTIVITY_FIELD_RULES)).toBe('due_at');
    expect(findFieldOfMessage('A choice needs at least 2 options', ACTIVITY_FIELD_RULES)).toBe('choices');
    expect(
      findFieldOfMessage('Question 2: the answer must be one of its options', ACTIVITY_FIELD_RULES),
    ).toBe('quiz');
    expect(findFieldOfMessage('template_id: no such template in the library', ACTIVITY_FIELD_RULES)).toBe(
      'template_id',
    );
  });

  it('answers null for messages about no field', () => {
    expect(findFieldOfMessage('Project not found', PROJECT_FIELD_RULES)).toBeNull();
    expect(findFieldOfMessage('Something went wrong. Please try again.', ACTIVITY_FIELD_RULES)).toBeNull();
  });
});
