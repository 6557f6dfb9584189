import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';

/**
 * Whether the store holds `key`. The object is opened, so its stream is closed again: one left unread
 * keeps its file open until the garbage collector closes it, which Node warns of (and will refuse).
 */
export async function isStored(store: ObjectStore, key: string): Promise<boolean> {
  const object = await store.get(key);
  object?.body.destroy();
  return object !== null;
}
