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
