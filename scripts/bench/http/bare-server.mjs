// The floor the app's trivial route is measured against: a bare node:http server answering what
// GET /api/health/live answers, with nothing else in the way. Started by the benchmark on HOST:PORT.
import http from 'node:http';

const body = JSON.stringify({ status: 'ok' });
const server = http.createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
});
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
