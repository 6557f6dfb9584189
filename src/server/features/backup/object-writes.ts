/**
 * A few object writes at a time. Each write waits on the disk or the network, not on this process:
 * one after the other, a ten-year shop's 600,000 photo files were most of a restore's half hour.
 * Adding waits while `limit` are under way, so the objects read ahead stay that few.
 */
export class ObjectWrites {
  private readonly pending = new Set<Promise<void>>();
  private failure: { error: unknown } | null = null;

  constructor(private readonly limit: number) {}

  async add(write: () => Promise<void>): Promise<void> {
    this.throwIfFailed();
    const running: Promise<void> = write()
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
    if (this.pending.size >= this.limit) await Promise.race(this.pending);
    this.throwIfFailed();
  }

  /** Waits for every write under way; the first that failed is thrown. */
  async finish(): Promise<void> {
    await Promise.all(this.pending);
    this.throwIfFailed();
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}
