import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';

/** The lines of a stream of UTF-8 bytes, without their line ends, a chunk at a time. */
export async function* readLines(body: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of body) {
    rest += decoder.write(chunk);
    const lines = rest.split('\n');
    rest = lines.pop() ?? '';
    yield* lines;
  }
  rest += decoder.end();
  if (rest !== '') yield rest;
}

/** A work file of JSON lines, one value at a time. */
export async function* readJsonLines<T>(file: string): AsyncGenerator<T> {
  for await (const line of readLines(createReadStream(file))) yield JSON.parse(line) as T;
}

/** A new work file, written a part at a time; a write waits while the disk is behind. */
export function workFile(file: string) {
  const output = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  // Listened to from the start, so a failed write is never an unhandled error.
  const written = finished(output);
  written.catch(() => {});
  return {
    async write(text: string | Buffer): Promise<void> {
      if (!output.write(text)) await once(output, 'drain');
    },
    async close(): Promise<void> {
      output.end();
      await written;
    },
  };
}
