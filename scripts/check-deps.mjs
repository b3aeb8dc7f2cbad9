#!/usr/bin/env node
/**
 * The import rules of the house (docs/ARCHITECTURE.md), run by `npm run check:deps` in `npm test`:
 * 1. every rule of .dependency-cruiser.cjs, file by file (each prints its name and why it exists);
 * 2. no cycle between server modules: a file of module A importing module B while any file of B imports A is a
 *    cycle of features, even when no single file cycle exists.
 * Exits 1 on any violation, naming the rule, the files and the reason.
 */
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/shared/src', 'e2e'];
const MODULE = /^apps\/server\/src\/modules\/([^/]+)\//;
// Tests and fixtures may reach across modules to build their data; the rule is about what ships.
const TEST_FILE = /[.](test|spec|fixture)[.]tsx?$|\/test\/|\/testing\/|fixtures?\.ts$/;

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const { output } = await cruise(ROOTS, { ...options, validate: true, outputType: 'json' });
const result = typeof output === 'string' ? JSON.parse(output) : output;

const problems = [];
const ruleComments = new Map((options.ruleSet?.forbidden ?? []).map((r) => [r.name, r.comment]));
for (const v of result.summary.violations) {
  const path = v.cycle?.length
    ? [v.from, ...v.cycle.map((c) => c.name ?? c)].join('\n      → ')
    : `${v.from} → ${v.to}`;
  problems.push(`✗ ${v.rule.name}: ${path}\n    why: ${ruleComments.get(v.rule.name) ?? ''}`);
}

// Module-level graph of the server's shipped code.
const edges = new Map();
for (const m of result.modules) {
  if (TEST_FILE.test(m.source)) continue;
  const from = m.source.match(MODULE)?.[1];
  if (!from) continue;
  for (const d of m.dependencies) {
    const to = d.resolved.match(MODULE)?.[1];
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const byTarget = edges.get(from);
    if (!byTarget.has(to)) byTarget.set(to, `${m.source} → ${d.resolved}`);
  }
}
const reported = new Set();
for (const [a, targets] of edges) {
  for (const [b, example] of targets) {
    const back = edges.get(b)?.get(a);
    const key = [a, b].sort().join('↔');
    if (back && !reported.has(key)) {
      reported.add(key);
      problems.push(
        `✗ no-module-cycle: modules ${a} and ${b} import each other\n      ${example}\n      ${back}\n` +
          '    why: features depend in one direction; let one side register a hook with the other, or move the ' +
          'shared piece down to lib/, db/ or the lower module (apps/server/src/modules/README.md).',
      );
    }
  }
}

if (problems.length > 0) {
  console.error(
    `${problems.join('\n\n')}\n\n${problems.length} import rule violation(s); see .dependency-cruiser.cjs.`,
  );
  process.exit(1);
}
console.log(
  `import rules hold: ${result.summary.totalCruised} files, ${result.summary.totalDependenciesCruised} imports, ` +
    `${edges.size} server modules with outgoing imports, no cycles.`,
);
