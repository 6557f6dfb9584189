import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Part {
  number: number;
  etag: string;
  size: number;
}

/**
 * s3rver has multipart uploads but no ListParts, which @tus/s3-store asks to learn how far an upload
 * got. This pass-through proxy in front of it remembers each part s3rver accepted (number, ETag,
 * size) and answers ListParts from that; every other request goes to s3rver untouched.
 */
export async function startListPartsProxy(
  target: string,
): Promise<{ endpoint: string; close(): Promise<void> }> {
  const parts = new Map<string, Part[]>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const uploadId = url.searchParams.get('uploadId');
    if (request.method === 'GET' && uploadId) {
      response.writeHead(200, { 'content-type': 'application/xml' });
      response.end(listPartsXml(uploadId, parts.get(uploadId) ?? []));
      return;
    }
    const upstream = http.request(
      new URL(request.url ?? '/', target),
      { method: request.method, headers: request.headers },
      (answer) => {
        const partNumber = Number(url.searchParams.get('partNumber'));
        if (request.method === 'PUT' && uploadId && partNumber && answer.statusCode === 200) {
          const list = (parts.get(uploadId) ?? []).filter((part) => part.number !== partNumber);
          list.push({
            number: partNumber,
            etag: String(answer.headers.etag ?? ''),
            size: Number(request.headers['content-length'] ?? 0),
          });
          parts.set(
            uploadId,
            list.sort((a, b) => a.number - b.number),
          );
        }
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function listPartsXml(uploadId: string, parts: Part[]): string {
  const items = parts
    .map(
      (part) =>
        `<Part><PartNumber>${part.number}</PartNumber><ETag>${part.etag.replaceAll('"', '&quot;')}</ETag><Size>${part.size}</Size></Part>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${items}</ListPartsResult>`;
}
