import { describe, expect, it } from 'vitest';
import { runtimeProblem } from './runtime-check.ts';

describe('runtime check', () => {
  it('accepts Node 24 and newer', () => {
    expect(runtimeProblem('24.0.0')).toBeNull();
    expect(runtimeProblem('24.22.3')).toBeNull();
    expect(runtimeProblem('26.1.0')).toBeNull();
  });

  it('refuses an older Node and says how to start Rally instead', () => {
    expect(runtimeProblem('20.20.2')).toBe(
      "Rally needs Node.js 24 or newer; this is Node.js 20.20.2. Start it with `npm start`, which uses the project's own Node.js 24 (installed by `npm install`), or install Node.js 24 LTS.",
    );
    expect(runtimeProblem('22.22.0')).toMatch(/^Rally needs Node.js 24 or newer; this is Node.js 22.22.0\./);
  });

  it('runs the tests themselves on Node 24 or newer', () => {
    expect(runtimeProblem(process.versions.node)).toBeNull();
  });
});
