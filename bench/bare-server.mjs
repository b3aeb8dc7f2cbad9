// Baseline: a bare node:http server answering a fixed JSON body of a given size.
import { createServer } from 'node:http';

const size = Number(process.argv[2] ?? 1000);
const body = JSON.stringify({ data: 'x'.repeat(Math.max(0, size - 11)) });
const server = createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
