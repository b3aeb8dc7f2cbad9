import { describe, expect, it } from 'vitest';
import { readReportView, writeReportView } from './report-params';

describe('report view in the address', () => {
  it('keeps only what the report takes, with the default sort', () => {
    const view = readReportView(
      new URLSearchParams(
        'report=shares&network=linkedin&activity_type=training&from=2026-01-01&sort=password',
      ),
    );
    expect(view).toEqual({
      report: 'shares',
      filters: { from: '2026-01-01', to: undefined, network: 'linkedin' },
      sort: 'shares',
      dir: 'desc',
      cursor: undefined,
    });
    expect(String(writeReportView(view))).toBe('report=shares&from=2026-01-01&network=linkedin');
  });

  it('falls back to the participation report and drops malformed ids and dates', () => {
    const view = readReportView(new URLSearchParams('report=nope&project_id=1&from=yesterday&dir=asc'));
    expect(view.report).toBe('participation');
    expect(view.filters).toEqual({ from: undefined, to: undefined });
    expect(String(writeReportView({ ...view, cursor: 'abc' }))).toBe(
      'report=participation&dir=asc&cursor=abc',
    );
  });
});
