import type { ApplicationQuestion } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { answerErrors, cleanAnswers } from './answers';

const q = (over: Partial<ApplicationQuestion>): ApplicationQuestion => ({
  id: 'q',
  type: 'short_text',
  label: 'Q',
  help: null,
  required: true,
  options: [],
  channel: null,
  ...over,
});

describe('cleanAnswers', () => {
  it('drops empty texts, choices and unchecked boxes, and trims texts', () => {
    expect(cleanAnswers({ a: '  hi ', b: ' ', c: [], d: false, e: true, f: ['x'] })).toEqual({
      a: 'hi',
      e: true,
      f: ['x'],
    });
  });
});

describe('answerErrors', () => {
  it('names required questions, bad profile links, and counts a chosen file as answered', () => {
    const questions = [
      q({ id: 'name', label: 'Name' }),
      q({ id: 'ig', type: 'social_handle', label: 'Instagram', channel: 'instagram' }),
      q({ id: 'cv', type: 'file', label: 'Portfolio' }),
    ];
    expect(answerErrors(questions, { ig: 'https://tiktok.com/@me' })).toEqual({
      name: 'Name is required',
      ig: 'Instagram must be a link to your Instagram profile, such as https://instagram.com/yourname',
      cv: 'Portfolio is required',
    });
    expect(
      answerErrors(questions, { name: 'Ana', ig: 'https://www.instagram.com/ana' }, new Set(['cv'])),
    ).toEqual({});
  });
});
