import { describe, expect, it } from 'vitest';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { FORBIDDEN, participationsHelpers } from './participations.fixture.ts';

const f = useAdminFixture();
const { busyWorld, person, world, join, participate, submit, acmeSubmission } = participationsHelpers(f);

/** Parses CSV (RFC 4180: quoted fields, doubled quotes, CRLF rows). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
const CSV_HEADER =
  'id,created_at,status,type,project,activity,points,member,email,channel,post_url,clicks,response,reject_reason,reviewed_at';

describe('GET /api/admin/participations.csv', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(f.t, { url: '/api/admin/participations.csv' });
  });

  it('answers 403 to a member', async () => {
    const res = await f.send('GET', '/api/admin/participations.csv', f.tokens.member);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
  });

  it('answers 400 for a bad filter', async () => {
    for (const query of ['status=open', 'type=story', 'project_id=launch']) {
      const res = await f.send('GET', `/api/admin/participations.csv?${query}`, f.tokens.admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('invalid_input');
    }
  });

  it("never exports another client's participations", async () => {
    const acme = await acmeSubmission();
    const res = await f.send(
      'GET',
      `/api/admin/participations.csv?project_id=${acme.w.projectId}`,
      f.tokens.admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`${CSV_HEADER}\r\n`);
    expect((await f.send('GET', '/api/admin/participations.csv', f.tokens.admin)).body).not.toContain(
      acme.id,
    );
  });

  it('exports a header row and one row per participation, as a dated CSV attachment', async () => {
    const { w, made } = await busyWorld();
    await f.send('POST', `/api/admin/participations/${made.annSubmission}/review`, f.tokens.admin, {
      decision: 'reject',
      reason: 'Too dark, "retake"',
    });
    const res = await f.send(
      'GET',
      `/api/admin/participations.csv?project_id=${w.projectId}`,
      f.tokens.admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="participation-${today}.csv"`);
    expect(res.body.startsWith(`${CSV_HEADER}\r\n`)).toBe(true);
    const rows = parseCsv(res.body);
    expect(rows[0]!.join(',')).toBe(CSV_HEADER);
    expect(rows.slice(1).map((r) => r[0])).toEqual([
      made.bobTraining,
      made.annSubmission,
      made.bobSubmission,
      made.annGeneral,
      made.annShare,
    ]);
    for (const r of rows) expect(r).toHaveLength(15);
    const byId = Object.fromEntries(rows.slice(1).map((r) => [r[0], r]));
    expect(byId[made.annShare]!.slice(2)).toEqual([
      'completed',
      'social_post',
      'Launch',
      'Share it',
      '3',
      'Ann Sales',
      expect.stringContaining('@example.test'),
      'twitter',
      'https://twitter.com/sam/status/1',
      '0',
      // The response of a share is the text the member shared.
      'Big launch today',
      '',
      '',
    ]);
    expect(byId[made.annSubmission]!.slice(2, 4)).toEqual(['rejected', 'content_submission']);
    expect(byId[made.annSubmission]![12]).toBe('Here it is');
    expect(byId[made.annSubmission]![13]).toBe('Too dark, "retake"');
    expect(byId[made.annSubmission]![14]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(byId[made.annGeneral]![12]).toBe('Because');
  });

  it('quotes captions with commas, quotes and newlines, and defuses formulas with a leading quote', async () => {
    const w = await world();
    const p = await person(null);
    await join(p, w.projectId);
    const formula = await participate(p, w.general, {
      type: 'general_participation',
      text: '=HYPERLINK("http://evil.test","Click me")',
    });
    const q = await person(null);
    await join(q, w.projectId);
    const multi = await submit(q, w.submission, 'Line one, with "quotes"\nline two');
    const res = await f.send(
      'GET',
      `/api/admin/participations.csv?project_id=${w.projectId}`,
      f.tokens.admin,
    );
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"",""Click me"")"`);
    const rows = parseCsv(res.body);
    const byId = Object.fromEntries(rows.slice(1).map((r) => [r[0], r]));
    expect(byId[formula]![12]).toBe(`'=HYPERLINK("http://evil.test","Click me")`);
    expect(byId[multi]![12]).toBe('Line one, with "quotes"\nline two');
    expect(rows).toHaveLength(3);
  });

  it("exports only a team lead's teams, and follows the status and type filters", async () => {
    const { w, made } = await busyWorld();
    const lead = parseCsv(
      (await f.send('GET', `/api/admin/participations.csv?project_id=${w.projectId}`, f.tokens.lead)).body,
    );
    expect(lead.slice(1).map((r) => r[0])).toEqual([made.annSubmission, made.annGeneral, made.annShare]);
    const pending = parseCsv(
      (
        await f.send(
          'GET',
          `/api/admin/participations.csv?project_id=${w.projectId}&status=pending&type=content_submission`,
          f.tokens.admin,
        )
      ).body,
    );
    expect(pending.slice(1).map((r) => r[0])).toEqual([made.annSubmission, made.bobSubmission]);
  });
});
