import type { AdminActivity } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import {
  type ActivityFormValues,
  createActivityFormSchema,
  toActivityConfig,
  toActivityFormValues,
  toActivityRequest,
} from './activity-form';

const t = (key: string) => key;
const schema = createActivityFormSchema(t);
const values = (patch: Partial<ActivityFormValues>): ActivityFormValues => ({
  ...toActivityFormValues(null, 'general_participation'),
  title: 'Say hi',
  prompt: 'How are you?',
  ...patch,
});
const messagesAt = (v: ActivityFormValues) => {
  const result = schema.safeParse(v);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

const training: AdminActivity = {
  id: 'a1',
  project_id: 'p1',
  type: 'training',
  title: 'Basics',
  description: null,
  points: 20,
  starts_at: null,
  due_at: null,
  config: {
    type: 'training',
    body: 'Learn it.',
    video_url: null,
    pdf_url: null,
    quiz: { questions: [{ question: '2+2?', options: ['3', '4'], answer: 1 }], pass_mark: 100 },
  },
  participation_count: 0,
  created_at: '2026-01-01T00:00:00Z',
};

describe('activity form', () => {
  it('starts a new activity of the chosen type with defaults', () => {
    const v = toActivityFormValues(null, 'social_post');
    expect(v).toMatchObject({ type: 'social_post', title: '', points: 10, template_id: null, quiz: null });
  });

  it('reads an existing activity, config included', () => {
    const v = toActivityFormValues(training, 'social_post');
    expect(v.type).toBe('training');
    expect(v.body).toBe('Learn it.');
    expect(v.quiz?.questions[0]?.answer).toBe(1);
    expect(toActivityRequest(v)).toEqual({
      title: 'Basics',
      description: null,
      points: 20,
      starts_at: null,
      due_at: null,
      config: training.config,
    });
  });

  it('builds only the config of the type', () => {
    expect(toActivityConfig(values({ response: 'text', choices: ['a', 'b'] }))).toEqual({
      type: 'general_participation',
      prompt: 'How are you?',
      response: 'text',
      choices: [],
    });
    expect(toActivityConfig(values({ type: 'content_submission', media: 'video' }))).toEqual({
      type: 'content_submission',
      prompt: 'How are you?',
      media: 'video',
    });
  });

  it('accepts a valid activity', () => {
    expect(schema.safeParse(values({})).success).toBe(true);
  });

  it('reports shared-schema problems on the flat fields', () => {
    expect(messagesAt(values({ title: ' ', prompt: '' }))).toMatchObject({
      title: 'Title is required',
      prompt: 'Prompt is required',
    });
  });

  it('asks for two filled choices', () => {
    const errors = messagesAt(values({ response: 'choice', choices: ['Yes', ' '] }));
    expect(errors['choices.1']).toBe('adminProjects.activityForm.choiceRequired');
    expect(messagesAt(values({ response: 'choice', choices: ['Yes'] })).choices).toBe(
      'adminProjects.activityForm.choicesMin',
    );
  });

  it('asks a Personal Page post for a template or a creative', () => {
    expect(messagesAt(values({ type: 'social_post' })).template_id).toBe(
      'adminProjects.activityForm.postNeedsContent',
    );
  });

  it('asks a training for content and filled quiz options', () => {
    const quiz = { questions: [{ question: 'Q', options: ['a', ''], answer: 0 }], pass_mark: 50 };
    const errors = messagesAt(values({ type: 'training', body: '', quiz }));
    expect(errors.body).toBe('adminProjects.activityForm.trainingNeedsContent');
    expect(errors['quiz.questions.0.options.1']).toBe('adminProjects.activityForm.optionRequired');
  });

  it('wants the due date after the start', () => {
    expect(messagesAt(values({ starts_at: '2026-03-02T10:00', due_at: '2026-03-01T10:00' })).due_at).toBe(
      'adminProjects.activityForm.dueBeforeStart',
    );
  });
});
