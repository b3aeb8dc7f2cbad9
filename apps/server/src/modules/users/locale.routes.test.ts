import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createUser, headersFor, userByEmail } from '../../test/factories.ts';

let t: TestApp;
let demoId: string;
beforeAll(async () => {
  t = await buildTestApp();
  demoId = (await clientIds(t.ctx.db)).demo;
});
afterAll(() => t.close());

async function freshMember(role: 'USER' | 'ADMIN' | 'APPLICANT' = 'USER') {
  const user = await createUser(t.ctx.db, { clientId: demoId, role, city: 'Lyon' });
  return { user, token: await t.login(user.email!) };
}
const patchMe = (token: string | undefined, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/me', headers: headersFor(token), payload });
const getMe = (token: string) => t.app.inject({ url: '/api/me', headers: headersFor(token) });

describe('the member’s UI language (locale on /api/me, issue 14)', () => {
  it('answers 401 without a session of this client', async () => {
    await expectSessionRequired(t, { method: 'PATCH', url: '/api/me', payload: { locale: 'es' } });
  });

  it('answers 400 naming locale for a language the app does not have, and changes nothing', async () => {
    const { user, token } = await freshMember();
    for (const locale of ['fr', 'ES', '', 3]) {
      const res = await patchMe(token, { locale, city: 'Paris' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/locale/);
    }
    const row = await userByEmail(t.ctx.db, user.email!);
    expect(row).toMatchObject({ locale: null, city: 'Lyon' });
  });

  it('starts unset (the browser decides), is stored by a partial PATCH and answered by GET /api/me', async () => {
    const { user, token } = await freshMember();
    expect((await getMe(token)).json().user.locale).toBeNull();
    const res = await patchMe(token, { locale: 'es' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ locale: 'es', city: 'Lyon' });
    expect((await getMe(token)).json().user.locale).toBe('es');
    expect(await userByEmail(t.ctx.db, user.email!)).toMatchObject({ locale: 'es', city: 'Lyon' });
    // Other profile changes leave the language alone; null goes back to the browser's language.
    expect((await patchMe(token, { city: 'Madrid' })).json().user.locale).toBe('es');
    expect((await patchMe(token, { locale: null })).json().user.locale).toBeNull();
  });

  it('is every signed-in role’s own choice (admins and applicants too), and only their own', async () => {
    const admin = await freshMember('ADMIN');
    const applicant = await freshMember('APPLICANT');
    const other = await freshMember();
    expect((await patchMe(admin.token, { locale: 'es' })).json().user.locale).toBe('es');
    expect((await patchMe(applicant.token, { locale: 'en' })).json().user.locale).toBe('en');
    expect((await getMe(other.token)).json().user.locale).toBeNull();
  });
});
