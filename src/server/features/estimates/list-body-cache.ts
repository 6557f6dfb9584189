import { gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

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
  readonly #bodies: LRUCache<string, ListBody>;

  constructor(readonly maxBytes: number) {
    this.#bodies = new LRUCache({ maxSize: maxBytes, sizeCalculation: bodyBytes });
  }

  get(tag: string): ListBody | undefined {
    return this.#bodies.get(tag);
  }

  /** Makes the body of `json` and keeps it under `tag` (unless it alone is over the size). */
  set(tag: string, json: string): ListBody {
    const body = { json, gzip: gzipSync(json) };
    // A body larger than the whole cache is not kept (lru-cache refuses it) but still answered.
    if (!this.#bodies.has(tag)) this.#bodies.set(tag, body);
    return body;
  }

  get size(): number {
    return this.#bodies.calculatedSize;
  }
}

function bodyBytes(body: ListBody): number {
  return Buffer.byteLength(body.json) + body.gzip.length;
}
