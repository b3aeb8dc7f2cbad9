import { LOCALES } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { MAIL_TEXTS, mailLocale, renderMail } from './mail-texts.ts';

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('mail texts', () => {
  it('has every email in every language, with the same {{parts}} as English', () => {
    const keys = Object.keys(MAIL_TEXTS.en).sort();
    for (const locale of LOCALES) {
      expect(Object.keys(MAIL_TEXTS[locale]).sort(), locale).toEqual(keys);
      for (const key of keys) {
        const en = MAIL_TEXTS.en[key as keyof typeof MAIL_TEXTS.en];
        const text = MAIL_TEXTS[locale][key as keyof typeof MAIL_TEXTS.en];
        expect(placeholders(text.subject), `${locale} ${key} subject`).toEqual(placeholders(en.subject));
        expect(placeholders(text.text), `${locale} ${key} text`).toEqual(placeholders(en.text));
      }
    }
  });

  it('picks the first language of the app among the candidates, else English', () => {
    expect(mailLocale(null, 'es')).toBe('es');
    expect(mailLocale('fr', undefined)).toBe('en');
    expect(mailLocale('en', 'es')).toBe('en');
  });

  it('fills the parts it is given and leaves a missing one empty', () => {
    expect(renderMail('invite', 'en', { client: 'Acme', link: 'https://acme.test/x', days: 7 })).toEqual({
      subject: "You're invited to Acme",
      text: 'You have been invited to join Acme.\n\nChoose a password to accept the invitation and sign in:\nhttps://acme.test/x\n\nThe link works for 7 days and only once.',
    });
    expect(renderMail('reset', 'es', {}).subject).toBe('Restablece tu contraseña de ');
  });
});
