import { describe, expect, it } from 'vitest';
import { getCsvFileName } from './csv-file-name';

describe('getCsvFileName', () => {
  const day = new Date(2026, 2, 1, 12);

  it('names an unfiltered export by date', () => {
    expect(getCsvFileName({ status: 'all', type: 'all' }, day)).toBe('participation-2026-03-01.csv');
  });

  it('puts the filters in the name', () => {
    expect(
      getCsvFileName(
        { status: 'pending', type: 'content_submission', projectName: 'Spring Launch: Été!' },
        day,
      ),
    ).toBe('participation-spring-launch-ete-pending-content-submission-2026-03-01.csv');
  });

  it('leaves out a project name with nothing usable in it', () => {
    expect(getCsvFileName({ status: 'all', type: 'training', projectName: '★★★' }, day)).toBe(
      'participation-training-2026-03-01.csv',
    );
  });
});
