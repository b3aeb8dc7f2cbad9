import { describe, expect, it } from 'vitest';
import { draftOf, moveItem, newQuestion, requestOf } from './form-draft';

describe('form drafts', () => {
  it('turn rules and domain lists into the request, leaving empty rules out', () => {
    const draft = {
      ...draftOf(null),
      title: 'Creators',
      approve_question: 'q1',
      approve_value: 'Yes',
      reject_domains: 'spam.test, @junk.example;  other.test',
    };
    expect(requestOf(draft).rules).toEqual({
      approve_answer: { question_id: 'q1', value: 'Yes' },
      approve_domains: [],
      reject_answer: null,
      reject_domains: ['spam.test', '@junk.example', 'other.test'],
    });
    expect(requestOf(draft).description).toBeNull();
  });

  it('gives new questions free ids and two empty choices for choice questions', () => {
    const first = newQuestion('single_choice', []);
    expect(first).toMatchObject({ id: 'q1', options: ['', ''], channel: null });
    expect(newQuestion('social_handle', [first, { ...first, id: 'q2' }])).toMatchObject({
      id: 'q3',
      channel: 'instagram',
    });
  });

  it('moves questions up and down, and not past the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});
