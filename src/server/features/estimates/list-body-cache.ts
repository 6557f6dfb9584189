/**
 * The estimate list as sent, by its ETag. The tag names the viewer and the version of every estimate
 * they see, so a body is only ever reused for exactly the list it was made from: the poll that finds
 * a changed tag (or a client without one) gets the list without reading and serializing it again.
 * Least recently used bodies go first once `maxBytes` of text is held.
 */
export class ListBodyCache {
  readonly #bodies = new Map<string, string>();
  #size = 0;

  constructor(readonly maxBytes: number) {}

  get(tag: string): string | undefined {
    const body = this.#bodies.get(tag);
    if (body !== undefined) {
      // Map keeps insertion order: moving the entry to the end marks it as recently used.
      this.#bodies.delete(tag);
      this.#bodies.set(tag, body);
    }
    return body;
  }

  set(tag: string, body: string): string {
    if (body.length > this.maxBytes || this.#bodies.has(tag)) return body;
    this.#bodies.set(tag, body);
    this.#size += body.length;
    for (const [oldest, old] of this.#bodies) {
      if (this.#size <= this.maxBytes) break;
      this.#bodies.delete(oldest);
      this.#size -= old.length;
    }
    return body;
  }

  get size(): number {
    return this.#size;
  }
}
