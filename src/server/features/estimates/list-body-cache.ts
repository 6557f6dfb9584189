import { gzipSync } from 'node:zlib';

/** One list as sent: the JSON text and, made once, its gzip for clients that accept it. */
export interface ListBody {
  json: string;
  gzip: Buffer;
}

/**
 * The estimate list as sent, by its ETag. The tag names the viewer and the version of every estimate
 * they see, so a body is only ever reused for exactly the list it was made from: the poll that finds
 * a changed tag (or a client without one) gets the list without reading, serializing and compressing
 * it again. Least recently used bodies go first once `maxBytes` is held.
 */
export class ListBodyCache {
  readonly #bodies = new Map<string, ListBody>();
  #size = 0;

  constructor(readonly maxBytes: number) {}

  get(tag: string): ListBody | undefined {
    const body = this.#bodies.get(tag);
    if (body) {
      // Map keeps insertion order: moving the entry to the end marks it as recently used.
      this.#bodies.delete(tag);
      this.#bodies.set(tag, body);
    }
    return body;
  }

  /** Makes the body of `json` and keeps it under `tag` (unless it alone is over the size). */
  set(tag: string, json: string): ListBody {
    const body = { json, gzip: gzipSync(json) };
    const bytes = bodyBytes(body);
    if (bytes > this.maxBytes || this.#bodies.has(tag)) return body;
    this.#bodies.set(tag, body);
    this.#size += bytes;
    for (const [oldest, old] of this.#bodies) {
      if (this.#size <= this.maxBytes) break;
      this.#bodies.delete(oldest);
      this.#size -= bodyBytes(old);
    }
    return body;
  }

  get size(): number {
    return this.#size;
  }
}

function bodyBytes(body: ListBody): number {
  return Buffer.byteLength(body.json) + body.gzip.length;
}
