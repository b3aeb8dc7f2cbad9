import type { Template } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import {
  createTemplateFormSchema,
  findTemplateField,
  toTemplateFormValues,
  toTemplateRequest,
} from './template-form';

const t = (key: string) => key;
const schema = createTemplateFormSchema(t);
const template: Template = {
  id: 't1',
  name: 'Launch post',
  body: 'Proud of [[company]]! #launch',
  placeholders: [{ id: 'company', name: 'Company', value: 'Demo' }],
  tags: ['launch', 'spring'],
};
const issuesOf = (values: ReturnType<typeof toTemplateFormValues>) => {
  const result = schema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('template form', () => {
  it('round-trips a template', () => {
    expect(toTemplateRequest(toTemplateFormValues(template))).toEqual({
      name: 'Launch post',
      body: template.body,
      placeholders: template.placeholders,
      tags: ['launch', 'spring'],
    });
    expect(schema.safeParse(toTemplateFormValues(template)).success).toBe(true);
  });

  it('flags a placeholder used but not defined, on the text', () => {
    const values = { ...toTemplateFormValues(template), placeholders: [] };
    expect(issuesOf(values).body).toBe('library.templates.undefinedPlaceholder');
  });

  it('flags unused and repeated placeholders, on their id', () => {
    const values = {
      ...toTemplateFormValues(template),
      placeholders: [
        { id: 'company', name: 'Company', value: '' },
        { id: 'company', name: 'Again', value: '' },
        { id: 'city', name: 'City', value: '' },
      ],
    };
    const issues = issuesOf(values);
    expect(issues['placeholders.1.id']).toBe('library.templates.duplicatePlaceholder');
    expect(issues['placeholders.2.id']).toBe('library.templates.unusedPlaceholder');
    expect(issues['placeholders.0.id']).toBeUndefined();
  });

  it('limits tags', () => {
    const tags = Array.from({ length: 21 }, (_, i) => `t${i}`).join(',');
    expect(issuesOf({ ...toTemplateFormValues(template), tags }).tags).toBe('library.tooManyTags');
  });

  it('maps server messages to fields', () => {
    expect(findTemplateField('Placeholder [[x]] is used in the text but not defined')).toBe('body');
    expect(findTemplateField('Placeholder city is defined but not used in the text')).toBe('placeholders');
    expect(findTemplateField('Name is required')).toBe('name');
    expect(findTemplateField('Template not found')).toBeNull();
  });
});
