/**
 * Rally runs on Node.js 24 or newer (package.json "engines"). `npm start` and every npm script use the project's own
 * Node 24 where the machine's is older (scripts/runtime.sh); started some other way on an older Node, say so plainly
 * instead of failing later on an API that Node lacks. Imported first by server.ts, so it runs before anything else.
 */
const REQUIRED_MAJOR = 24;

export function runtimeProblem(version: string): string | null {
  const major = Number.parseInt(version.split('.')[0] ?? '', 10);
  if (Number.isFinite(major) && major >= REQUIRED_MAJOR) return null;
  return `Rally needs Node.js ${REQUIRED_MAJOR} or newer; this is Node.js ${version}. Start it with \`npm start\`, which uses the project's own Node.js ${REQUIRED_MAJOR} (installed by \`npm install\`), or install Node.js ${REQUIRED_MAJOR} LTS.`;
}

const problem = runtimeProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
