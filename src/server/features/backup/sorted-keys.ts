/**
 * A set of object keys, sorted by their UTF-8 bytes (the order S3 lists them in), kept as bytes in
 * buffers rather than as JavaScript strings: a ten-year shop's 600,000 photo keys held as strings
 * took some 55 MB of the server's 128 MB heap during the nightly backup, which then ran out of memory.
 * As bytes they take about as many bytes as their text, outside the JavaScript heap.
 */
export class SortedKeys {
  private constructor(
    private readonly bytes: Buffer,
    /** Where each key starts in `bytes`, in sorted order; the next one's start is where it ends. */
    private readonly starts: Uint32Array,
    private readonly ends: Uint32Array,
  ) {}

  static async from(keys: AsyncIterable<string>): Promise<SortedKeys> {
    let bytes = Buffer.allocUnsafe(64 * 1024);
    let starts = new Uint32Array(1024);
    let length = 0;
    let count = 0;
    for await (const key of keys) {
      const size = Buffer.byteLength(key);
      if (length + size > bytes.length) bytes = grown(bytes, length + size);
      if (count === starts.length) starts = grownArray(starts);
      starts[count++] = length;
      length += bytes.write(key, length);
    }
    const order = new Uint32Array(count).map((_, index) => index);
    const endOf = (index: number) => (index + 1 < count ? (starts[index + 1] as number) : length);
    // compare(target…, source…) is negative when the source's bytes sort first: here a's.
    order.sort((a, b) => bytes.compare(bytes, starts[b], endOf(b), starts[a], endOf(a)));
    const sortedStarts = order.map((index) => starts[index] as number);
    const sortedEnds = order.map((index) => endOf(index));
    return new SortedKeys(bytes.subarray(0, length), sortedStarts, sortedEnds);
  }

  get size(): number {
    return this.starts.length;
  }

  /** The key at `index` in sorted order. */
  at(index: number): string {
    return this.bytes.toString('utf8', this.starts[index], this.ends[index]);
  }

  /** The index of `key`, or -1 when the set does not hold it. */
  indexOf(key: string): number {
    const wanted = Buffer.from(key);
    let low = 0;
    let high = this.starts.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      // Negative when the key at `middle` sorts before the one wanted.
      const order = this.bytes.compare(wanted, 0, wanted.length, this.starts[middle], this.ends[middle]);
      if (order === 0) return middle;
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  has(key: string): boolean {
    return this.indexOf(key) >= 0;
  }

  *[Symbol.iterator](): IterableIterator<string> {
    for (let index = 0; index < this.starts.length; index++) yield this.at(index);
  }
}

function grown(bytes: Buffer, needed: number): Buffer<ArrayBuffer> {
  const bigger = Buffer.allocUnsafe(Math.max(needed, bytes.length * 2));
  bytes.copy(bigger);
  return bigger;
}

function grownArray(values: Uint32Array): Uint32Array<ArrayBuffer> {
  const bigger = new Uint32Array(values.length * 2);
  bigger.set(values);
  return bigger;
}
