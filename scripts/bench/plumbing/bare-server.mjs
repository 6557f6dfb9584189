// The yardstick of `npm run bench:plumbing`: node:http with nothing on top, answering what the app's
// GET /api/health/live answers (same body, same content type), on PORT.
import { createServer } from 'node:http';

const body = JSON.stringify({ status: 'ok' });
createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  response.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
