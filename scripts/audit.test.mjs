import { describe, expect, it } from 'vitest';
import { auditVerdict } from './audit.mjs';

const report = (vulnerabilities) => ({
  // npm's counts per severity; the verdict only prints them.
  auditReportVersion: 2,
  vulnerabilities,
  metadata: {
    vulnerabilities: Object.fromEntries(
      Object.entries(Object.groupBy(Object.values(vulnerabilities), (v) => v.severity)).map(([s, vs]) => [
        s,
        vs.length,
      ]),
    ),
  },
});
const advisory = (severity, url) => ({ title: 'Prototype pollution', url, severity });

describe('npm audit verdict', () => {
  it('passes moderate and low findings and prints the counts', () => {
    const verdict = auditVerdict(
      report({ a: { severity: 'moderate', range: '<2', via: [advisory('moderate', 'https://x/1')] } }),
    );
    expect(verdict.ok).toBe(true);
    expect(verdict.lines[0]).toBe(
      'npm audit (production dependencies): 0 critical, 0 high, 1 moderate, 0 low',
    );
  });

  it('fails on a high or critical advisory, naming the package and the advisory', () => {
    const verdict = auditVerdict(
      report({
        a: { severity: 'high', range: '<2', via: [advisory('high', 'https://x/1')] },
        b: { severity: 'critical', range: '*', via: ['a'] },
      }),
    );
    expect(verdict.ok).toBe(false);
    expect(verdict.lines).toContain('✗ a <2: high: Prototype pollution (https://x/1)');
    expect(verdict.lines).toContain('✗ b *: critical: through a');
  });

  it('keeps a listed finding with its reason', () => {
    const exceptions = new Map([['https://x/1', 'no fixed release yet; input never reaches it']]);
    const verdict = auditVerdict(
      report({ a: { severity: 'high', range: '<2', via: [advisory('high', 'https://x/1')] } }),
      exceptions,
    );
    expect(verdict.ok).toBe(true);
    expect(verdict.lines).toContain('- a: high, kept: no fixed release yet; input never reaches it');
  });

  it('says "not checked" when the registry has no audit service, neither passing nor hiding it', () => {
    const verdict = auditVerdict({
      message: '405 Method Not Allowed - POST https://r/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    });
    expect(verdict).toEqual({
      ok: true,
      lines: [
        'npm audit: not checked, the registry has no audit service here (405 Method Not Allowed - POST https://r/-/npm/v1/security/advisories/bulk)',
      ],
    });
  });
});
