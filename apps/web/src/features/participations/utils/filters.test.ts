import { describe, expect, it } from 'vitest';
import { readFilters, writeFilters } from './filters';

const id = '01a20307-e805-7973-8516-d540d61af35f';

describe('participation filters in the URL', () => {
  it('reads known values and falls back to all', () => {
    expect(
      readFilters(new URLSearchParams(`status=pending&type=content_submission&project_id=${id}`)),
    ).toEqual({
      status: 'pending',
      type: 'content_submission',
      projectId: id,
    });
    expect(readFilters(new URLSearchParams('status=nope&type=x&project_id=1'))).toEqual({
      status: 'all',
      type: 'all',
      projectId: null,
    });
  });

  it('writes only what filters', () => {
    expect(writeFilters({ status: 'all', type: 'all', projectId: null })).toEqual({});
    expect(writeFilters({ status: 'rejected', type: 'all', projectId: id })).toEqual({
      status: 'rejected',
      project_id: id,
    });
  });
});
