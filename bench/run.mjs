// npm run bench: each endpoint as a ratio to a baseline measured side by side in the same run.
import { compare, measure, startBare, startRally } from './lib.mjs';

const rally = await startRally();
const children = [rally.child];
try {
  const login = await fetch(`${rally.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'member@demo.test', password: 'rally-demo' }),
  });
  const { token } = await login.json();
  const auth = { authorization: `Bearer ${token}` };
  const bootstrapSize = (await (await fetch(`${rally.url}/api/bootstrap`)).text()).length;
  const meSize = (await (await fetch(`${rally.url}/api/me`, { headers: auth })).text()).length;

  console.log(
    `Rally bench (${process.env.BENCH_SECONDS ?? 5} s per run, ratios to a bare node:http server with a body of the same size)`,
  );
  const bareBootstrap = await startBare(bootstrapSize);
  const bareMe = await startBare(meSize);
  children.push(bareBootstrap.child, bareMe.child);
  await compare(
    'GET /api/bootstrap',
    () => measure(`${rally.url}/api/bootstrap`),
    () => measure(bareBootstrap.url),
  );
  await compare(
    'GET /api/me (session)',
    () => measure(`${rally.url}/api/me`, auth),
    () => measure(bareMe.url),
  );
} finally {
  for (const c of children) c.kill();
}
