import { type Answers, type ApplicationQuestion, answersProblems } from '@rally/shared';
import type { AnswerValue } from '../components/question-field';

/** The answers worth sending: empty texts, empty choices and unchecked boxes are left out. */
export function cleanAnswers(answers: Record<string, AnswerValue>): Answers {
  const out: Answers = {};
  for (const [key, value] of Object.entries(answers)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

/**
 * Problems of the answers by question id, as the server words them; `pendingFiles` names the file questions that
 * have a file waiting to be uploaded (they count as answered).
 */
export function answerErrors(
  questions: readonly ApplicationQuestion[],
  answers: Answers,
  pendingFiles: ReadonlySet<string> = new Set(),
): Record<string, string> {
  const withFiles: Answers = { ...answers };
  // A chosen file stands in for its future URL while checking.
  for (const id of pendingFiles) withFiles[id] = '/api/files/pending.bin';
  return answersProblems(questions, withFiles);
}
