import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUser, headersFor, mailsTo, nextAddress, unique } from '../../test/factories.ts';
import { applyOk, createForm } from '../applicants/applicants.fixture.ts';

// The emails the server writes (issue 14) come in the reader's language: an account's saved language, the language
// a sign-up or application form was filled in, or for an invitation the inviting person's. English otherwise.

let t: TestApp;
let demo: string;
beforeAll(async () => {
  t = await buildTestApp();
  demo = (await clientIds(t.ctx.db)).demo;
});
afterAll(() => t.close());

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: token ? headersFor(token) : { host: DEMO_HOST },
    payload,
    remoteAddress: nextAddress(),
  });
const lastMail = async (to: string) => (await mailsTo(t.ctx.db, to)).at(-1)!;

describe('emails in the reader’s language', () => {
  it('writes the reset link in the account’s saved language, and English without one', async () => {
    const spanish = await createUser(t.ctx.db, { clientId: demo, locale: 'es' });
    const plain = await createUser(t.ctx.db, { clientId: demo });
    for (const u of [spanish, plain])
      expect((await post('/api/password-reset', { email: u.email })).statusCode).toBe(200);
    const es = await lastMail(spanish.email!);
    expect(es.subject).toBe('Restablece tu contraseña de Demo');
    expect(es.text).toMatch(
      /^Alguien pidió restablecer la contraseña de tu cuenta de Demo\.\n\nElige una contraseña nueva aquí:\nhttp:\/\/localhost(:\d+)?\/reset\?token=\S+\n\nEl enlace funciona durante una hora\./,
    );
    expect((await lastMail(plain.email!)).subject).toBe('Reset your Demo password');
  });

  it('keeps the language a sign-up was filled in as the account’s, and verifies in it; refuses an unknown one', async () => {
    const email = `${unique('signup')}@example.test`;
    const bad = await post('/api/accounts', {
      email,
      password: 'a-good-password',
      first_name: 'Lucía',
      last_name: 'Nueva',
      locale: 'fr',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('locale must be one of en, es');
    expect(await mailsTo(t.ctx.db, email)).toEqual([]);

    const res = await post('/api/accounts', {
      email,
      password: 'a-good-password',
      first_name: 'Lucía',
      last_name: 'Nueva',
      locale: 'es',
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row?.locale).toBe('es');
    const mail = await lastMail(email);
    expect(mail.subject).toBe('Verifica tu correo para Demo');
    expect(mail.text).toContain('¡Te damos la bienvenida a Demo!');
    expect((await post('/api/verify/resend', { email })).statusCode).toBe(200);
    expect((await lastMail(email)).text).toMatch(/^Confirma tu dirección de correo/);
  });

  it('writes an invitation in the inviting admin’s language', async () => {
    const admin = await createUser(t.ctx.db, { clientId: demo, role: 'ADMIN', locale: 'es' });
    const token = await t.login(admin.email!);
    const email = `${unique('invitee')}@example.test`;
    const res = await post('/api/admin/users/invitations', { email }, token);
    expect(res.statusCode, res.body).toBeLessThan(300);
    const mail = await lastMail(email);
    expect(mail.subject).toBe('Te invitan a Demo');
    expect(mail.text).toMatch(/durante 7 días y una sola vez\.$/);
  });

  it('writes to an applicant in the language of the form, from verification to the decision', async () => {
    const form = await createForm(t, await t.login('admin@demo.test'), { title: 'Embajadores' });
    const { applicantId, email } = await applyOk(t, form, { locale: 'es' });
    expect((await lastMail(email)).subject).toBe('Verifica tu correo para Demo');
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applicants/${applicantId}/decision`,
      headers: headersFor(await t.login('admin@demo.test')),
      payload: { decision: 'reject', message: 'Buscamos perfiles de otra ciudad' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const mail = await lastMail(email);
    expect(mail.subject).toBe('Tu solicitud a Embajadores no fue aceptada');
    expect(mail.text).toBe(
      'Gracias por tu solicitud a Embajadores.\n\nNo podemos aceptar tu solicitud.\n\nMotivo: Buscamos perfiles de otra ciudad',
    );
  });
});
