#!/usr/bin/env node
/**
 * `npm audit` of what ships (production dependencies), run by .ci/run: fails on a high or critical advisory unless
 * it is listed in AUDIT_EXCEPTIONS below with the reason it cannot be fixed yet (CONTRIBUTING.md's dependency table
 * says the same). A registry without an audit service (the npm mirror of our build machines answers 405) is
 * reported as "not checked", neither a pass nor a failure: the check bites wherever the registry can answer it.
 */
import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** package name or advisory URL → why it stays for now. None today. */
export const AUDIT_EXCEPTIONS = new Map();

const SEVERE = new Set(['high', 'critical']);

/** What to say about one `npm audit --json` answer: { ok, lines }. */
export function auditVerdict(report, exceptions = AUDIT_EXCEPTIONS) {
  if (!report.metadata) {
    // npm prints the failed request instead of a report: { message, statusCode, … } or { error: { summary } }.
    const why = report.message ?? report.error?.summary ?? report.error?.code ?? 'no report';
    return {
      ok: true,
      lines: [
        `npm audit: not checked, the registry has no audit service here (${String(why).split('\n')[0]})`,
      ],
    };
  }
  const counts = report.metadata.vulnerabilities ?? {};
  const lines = [
    `npm audit (production dependencies): ${['critical', 'high', 'moderate', 'low'].map((s) => `${counts[s] ?? 0} ${s}`).join(', ')}`,
  ];
  let ok = true;
  for (const [name, vulnerability] of Object.entries(report.vulnerabilities ?? {})) {
    if (!SEVERE.has(vulnerability.severity)) continue;
    const advisories = (vulnerability.via ?? []).filter((via) => typeof via === 'object');
    const reason = exceptions.get(name) ?? advisories.map((a) => exceptions.get(a.url)).find(Boolean);
    const titles =
      advisories.map((a) => `${a.title} (${a.url})`).join('; ') ||
      `through ${(vulnerability.via ?? []).join(', ')}`;
    if (reason) {
      lines.push(`- ${name}: ${vulnerability.severity}, kept: ${reason}`);
    } else {
      ok = false;
      lines.push(`✗ ${name} ${vulnerability.range}: ${vulnerability.severity}: ${titles}`);
    }
  }
  if (!ok)
    lines.push(
      'Fix them (npm audit fix, or a newer pin), or list each with its reason in scripts/audit.mjs.',
    );
  return { ok, lines };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const stdout = await new Promise((resolve) => {
    execFile('npm', ['audit', '--omit=dev', '--json'], { maxBuffer: 64 * 1024 * 1024 }, (_error, out) =>
      resolve(out),
    );
  });
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    console.error(`npm audit: unreadable answer:\n${stdout.slice(0, 2000)}`);
    process.exit(1);
  }
  const { ok, lines } = auditVerdict(report);
  (ok ? console.log : console.error)(lines.join('\n'));
  process.exit(ok ? 0 : 1);
}
