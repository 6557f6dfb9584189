// The yardstick of `npm run bench:plumbing`: node:http with nothing on top, answering what the app's
// GET /api/health/live answers (same body, same content type), on PORT. With WORK_MICROS set it first
// keeps the CPU busy that long in each request: what that much work per answer costs under the load.
import { createServer } from 'node:http';

const body = JSON.stringify({ status: 'ok' });
const workNanos = BigInt(Math.round(Number(process.env.WORK_MICROS ?? 0) * 1000));
createServer((_request, response) => {
  if (workNanos > 0n) {
    const until = process.hrtime.bigint() + workNanos;
    while (process.hrtime.bigint() < until);
  }
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  response.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
