import type { ReportExport } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { exportTaskGroup } from './export-task';

const at = (step: ReportExport['step'], status: ReportExport['status'] = 'running'): ReportExport => ({
  id: 'e1',
  report: 'shares',
  format: 'csv',
  status,
  step,
  percent: 0,
  rows: 0,
  download_url: status === 'done' ? '/file' : null,
  error: status === 'failed' ? 'Disk full' : null,
  expires_at: null,
});
const names = { read: 'Read', write: 'Write', store: 'Store', download: 'Download' };

describe('export task group', () => {
  it('follows the server through its ordered steps, then downloads the finished file once', async () => {
    const answers = [at('read'), at('write'), at('store'), at('done', 'done')];
    const downloads: string[] = [];
    const group = exportTaskGroup({
      name: 'Export',
      stepNames: names,
      slowMessage: 'slow',
      read: async () => answers.shift() ?? at('done', 'done'),
      download: async (done) => void downloads.push(done.download_url!),
      wait: async () => {},
    });
    expect(group.steps.map((s) => s.name)).toEqual(['Read', 'Write', 'Store', 'Download']);
    for (const step of group.steps) await step.run();
    expect(downloads).toEqual(['/file']);
  });

  it("fails the step with the server's reason", async () => {
    const group = exportTaskGroup({
      name: 'Export',
      stepNames: names,
      slowMessage: 'slow',
      read: async () => at('read', 'failed'),
      download: async () => {},
      wait: async () => {},
    });
    await expect(group.steps[0]!.run()).rejects.toThrow('Disk full');
  });
});
