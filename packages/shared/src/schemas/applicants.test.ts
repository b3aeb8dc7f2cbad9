import { describe, expect, it } from 'vitest';
import { applicationFormProblem, isChannelProfileUrl } from './applicants.ts';
import { csvCell } from './applicants-review.ts';

describe('csvCell', () => {
  it('quotes every cell and defuses those starting like a formula', () => {
    expect(csvCell('Ana')).toBe('"Ana"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}SUM(A1)`)).toBe(`"'${start}SUM(A1)"`);
    }
  });
});

describe('isChannelProfileUrl', () => {
  it("accepts a profile on the channel's hosts only", () => {
    expect(isChannelProfileUrl('instagram', 'https://www.instagram.com/ana')).toBe(true);
    expect(isChannelProfileUrl('twitter', 'https://x.com/ana')).toBe(true);
    expect(isChannelProfileUrl('instagram', 'https://instagram.com/')).toBe(false);
    expect(isChannelProfileUrl('instagram', 'https://instagram.com.evil.test/ana')).toBe(false);
    expect(isChannelProfileUrl('linkedin', 'javascript:alert(1)')).toBe(false);
  });
});

describe('applicationFormProblem', () => {
  const base = { id: 'a', label: 'A', help: null, required: false, options: [] as string[], channel: null };
  it('names duplicate ids, short choice lists and rules on unknown questions', () => {
    expect(
      applicationFormProblem({
        questions: [
          { ...base, type: 'file' },
          { ...base, type: 'file' },
        ],
        rules: {},
      }),
    ).toBe('questions.id a is used twice');
    expect(
      applicationFormProblem({ questions: [{ ...base, type: 'single_choice', options: ['x'] }], rules: {} }),
    ).toMatch(/needs at least 2 choices/);
    expect(
      applicationFormProblem({ questions: [], rules: { reject_answer: { question_id: 'zz', value: 'y' } } }),
    ).toBe('rules.reject_answer must name a question of this form');
  });
});
