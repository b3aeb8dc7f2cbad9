import { describe, expect, it } from 'vitest';
import { DEFAULT_PASS_MARK, type QuizDraft, quizReducer } from './quiz-builder';

const quiz = (): QuizDraft => ({
  questions: [
    { question: 'Capital of France?', options: ['Lyon', 'Paris', 'Nice'], answer: 1 },
    { question: '2 + 2?', options: ['3', '4'], answer: 1 },
  ],
  pass_mark: 50,
});

describe('quizReducer', () => {
  it('enables a quiz with one empty question, and disables it', () => {
    const enabled = quizReducer(null, { type: 'enable' });
    expect(enabled).toEqual({
      questions: [{ question: '', options: ['', ''], answer: 0 }],
      pass_mark: DEFAULT_PASS_MARK,
    });
    expect(quizReducer(enabled, { type: 'disable' })).toBeNull();
    expect(quizReducer(quiz(), { type: 'enable' })).toEqual(quiz());
  });

  it('ignores edits when there is no quiz', () => {
    expect(quizReducer(null, { type: 'addQuestion' })).toBeNull();
  });

  it('adds, edits and removes questions; removing the last removes the quiz', () => {
    let state = quizReducer(quiz(), { type: 'addQuestion' });
    expect(state?.questions).toHaveLength(3);
    state = quizReducer(state, { type: 'setQuestion', index: 2, text: 'New?' });
    expect(state?.questions[2]?.question).toBe('New?');
    state = quizReducer(state, { type: 'removeQuestion', index: 0 });
    expect(state?.questions.map((q) => q.question)).toEqual(['2 + 2?', 'New?']);
    state = quizReducer(state, { type: 'removeQuestion', index: 0 });
    expect(quizReducer(state, { type: 'removeQuestion', index: 0 })).toBeNull();
  });

  it('moves questions within bounds', () => {
    const moved = quizReducer(quiz(), { type: 'moveQuestion', index: 1, by: -1 });
    expect(moved?.questions[0]?.question).toBe('2 + 2?');
    expect(quizReducer(quiz(), { type: 'moveQuestion', index: 0, by: -1 })).toEqual(quiz());
  });

  it('adds options up to 8 and keeps at least 2', () => {
    let state: QuizDraft | null = quiz();
    for (let i = 0; i < 10; i++) state = quizReducer(state, { type: 'addOption', index: 1 });
    expect(state?.questions[1]?.options).toHaveLength(8);
    const two = quizReducer(quiz(), { type: 'removeOption', index: 1, option: 0 });
    expect(two?.questions[1]?.options).toEqual(['3', '4']);
  });

  it('keeps the right answer on its option when another option is removed', () => {
    const before = quizReducer(quiz(), { type: 'removeOption', index: 0, option: 0 });
    expect(before?.questions[0]).toMatchObject({ options: ['Paris', 'Nice'], answer: 0 });
    const after = quizReducer(quiz(), { type: 'removeOption', index: 0, option: 2 });
    expect(after?.questions[0]).toMatchObject({ options: ['Lyon', 'Paris'], answer: 1 });
    const itself = quizReducer(quiz(), { type: 'removeOption', index: 0, option: 1 });
    expect(itself?.questions[0]).toMatchObject({ options: ['Lyon', 'Nice'], answer: 0 });
  });

  it('sets option text and the right answer only to an existing option', () => {
    let state = quizReducer(quiz(), { type: 'setOption', index: 0, option: 2, text: 'Marseille' });
    expect(state?.questions[0]?.options[2]).toBe('Marseille');
    state = quizReducer(state, { type: 'setAnswer', index: 0, option: 2 });
    expect(state?.questions[0]?.answer).toBe(2);
    expect(quizReducer(state, { type: 'setAnswer', index: 0, option: 7 })?.questions[0]?.answer).toBe(2);
  });

  it('clamps the pass mark to a whole percent', () => {
    expect(quizReducer(quiz(), { type: 'setPassMark', value: 120 })?.pass_mark).toBe(100);
    expect(quizReducer(quiz(), { type: 'setPassMark', value: -3 })?.pass_mark).toBe(0);
    expect(quizReducer(quiz(), { type: 'setPassMark', value: 66.6 })?.pass_mark).toBe(67);
    expect(quizReducer(quiz(), { type: 'setPassMark', value: Number.NaN })?.pass_mark).toBe(0);
  });
});
