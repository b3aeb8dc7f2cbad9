/** One quiz question as the builder edits it: the text, 2–8 options and the index of the right one. */
export interface QuizQuestionDraft {
  question: string;
  options: string[];
  answer: number;
}

/** A training's quiz: questions and the percent of right answers needed to pass. */
export interface QuizDraft {
  questions: QuizQuestionDraft[];
  pass_mark: number;
}

export const QUIZ_MIN_OPTIONS = 2;
export const QUIZ_MAX_OPTIONS = 8;
export const QUIZ_MAX_QUESTIONS = 50;
/** Pass mark a new quiz starts with. */
export const DEFAULT_PASS_MARK = 80;

export type QuizAction =
  | { type: 'enable' }
  | { type: 'disable' }
  | { type: 'addQuestion' }
  | { type: 'removeQuestion'; index: number }
  | { type: 'moveQuestion'; index: number; by: -1 | 1 }
  | { type: 'setQuestion'; index: number; text: string }
  | { type: 'addOption'; index: number }
  | { type: 'removeOption'; index: number; option: number }
  | { type: 'setOption'; index: number; option: number; text: string }
  | { type: 'setAnswer'; index: number; option: number }
  | { type: 'setPassMark'; value: number };

export const newQuestion = (): QuizQuestionDraft => ({ question: '', options: ['', ''], answer: 0 });

function updateQuestion(
  quiz: QuizDraft,
  index: number,
  change: (q: QuizQuestionDraft) => QuizQuestionDraft,
): QuizDraft {
  if (!quiz.questions[index]) return quiz;
  return { ...quiz, questions: quiz.questions.map((q, i) => (i === index ? change(q) : q)) };
}

/** The answer index after removing option `removed`: it follows its option, or falls back to the first. */
function answerAfterRemoving(answer: number, removed: number): number {
  if (removed < answer) return answer - 1;
  return removed === answer ? 0 : answer;
}

function clampPassMark(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

function reduceQuestion(quiz: QuizDraft, action: QuizAction): QuizDraft {
  switch (action.type) {
    case 'setQuestion':
      return updateQuestion(quiz, action.index, (q) => ({ ...q, question: action.text }));
    case 'addOption':
      return updateQuestion(quiz, action.index, (q) =>
        q.options.length >= QUIZ_MAX_OPTIONS ? q : { ...q, options: [...q.options, ''] },
      );
    case 'removeOption':
      return updateQuestion(quiz, action.index, (q) =>
        q.options.length <= QUIZ_MIN_OPTIONS || !(action.option in q.options)
          ? q
          : {
              ...q,
              options: q.options.filter((_, i) => i !== action.option),
              answer: answerAfterRemoving(q.answer, action.option),
            },
      );
    case 'setOption':
      return updateQuestion(quiz, action.index, (q) => ({
        ...q,
        options: q.options.map((o, i) => (i === action.option ? action.text : o)),
      }));
    case 'setAnswer':
      return updateQuestion(quiz, action.index, (q) =>
        action.option in q.options ? { ...q, answer: action.option } : q,
      );
    default:
      return quiz;
  }
}

function moveQuestion(quiz: QuizDraft, index: number, by: -1 | 1): QuizDraft {
  const target = index + by;
  if (!quiz.questions[index] || !quiz.questions[target]) return quiz;
  const questions = [...quiz.questions];
  [questions[index], questions[target]] = [questions[target]!, questions[index]!];
  return { ...quiz, questions };
}

/** The quiz builder's state changes; null is "no quiz". Impossible edits leave the state as it is. */
export function quizReducer(quiz: QuizDraft | null, action: QuizAction): QuizDraft | null {
  if (action.type === 'enable') return quiz ?? { questions: [newQuestion()], pass_mark: DEFAULT_PASS_MARK };
  if (action.type === 'disable' || !quiz) return null;
  switch (action.type) {
    case 'addQuestion':
      return quiz.questions.length >= QUIZ_MAX_QUESTIONS
        ? quiz
        : { ...quiz, questions: [...quiz.questions, newQuestion()] };
    case 'removeQuestion':
      // The last question goes with the quiz: a quiz needs at least one.
      if (quiz.questions.length <= 1) return null;
      return { ...quiz, questions: quiz.questions.filter((_, i) => i !== action.index) };
    case 'moveQuestion':
      return moveQuestion(quiz, action.index, action.by);
    case 'setPassMark':
      return { ...quiz, pass_mark: clampPassMark(action.value) };
    default:
      return reduceQuestion(quiz, action);
  }
}
