import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskObjectStore } from './disk-store.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'shop-disk-store-'));
const store = new DiskObjectStore(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function read(key: string): Promise<string> {
  const object = await store.get(key);
  if (!object) throw new Error(`no object ${key}`);
  return text(object.body);
}

describe('DiskObjectStore', () => {
  it('puts, gets and deletes objects under nested keys', async () => {
    await store.put('photos/abc.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    const object = await store.get('photos/abc.jpg');
    expect(object).not.toBeNull();
    expect(object?.size).toBe(10);
    expect(object?.contentType).toBe('image/jpeg');
    expect(await text(object?.body ?? Readable.from([]))).toBe('jpeg bytes');

    await store.put('photos/abc.jpg', Buffer.from('replaced'), 'image/jpeg');
    expect(await read('photos/abc.jpg')).toBe('replaced');

    await store.delete('photos/abc.jpg');
    expect(await store.get('photos/abc.jpg')).toBeNull();
  });

  it('treats missing objects as absent, not as errors', async () => {
    expect(await store.get('photos/none.jpg')).toBeNull();
    expect(await store.get('nowhere/at/all.webp')).toBeNull();
    await expect(store.delete('photos/none.jpg')).resolves.toBeUndefined();
  });

  it('leaves no temporary files behind', async () => {
    await store.put('photos/t.thumb.webp', Buffer.from('webp'), 'image/webp');
    expect(readdirSync(path.join(dir, '.tmp'))).toEqual([]);
    const object = await store.get('photos/t.thumb.webp');
    expect(object?.contentType).toBe('image/webp');
    expect(await text(object?.body ?? Readable.from([]))).toBe('webp');
  });

  it('lists every key, nested ones too, but not unfinished writes', async () => {
    const listDir = mkdtempSync(path.join(tmpdir(), 'shop-disk-list-'));
    const listed = new DiskObjectStore(listDir);
    try {
      expect(await listAll(new DiskObjectStore(path.join(listDir, 'none')).list())).toEqual([]);
      await listed.put('photos/a.jpg', Buffer.from('a'), 'image/jpeg');
      await listed.put('photos/a.thumb.webp', Buffer.from('t'), 'image/webp');
      await listed.put('incoming/deep/b', Buffer.from('b'), 'application/octet-stream');
      writeFileSync(path.join(listDir, '.tmp', 'half.part'), 'half');
      expect((await listAll(listed.list())).sort()).toEqual([
        'incoming/deep/b',
        'photos/a.jpg',
        'photos/a.thumb.webp',
      ]);
    } finally {
      rmSync(listDir, { recursive: true, force: true });
    }
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of [
      '../outside.jpg',
      'photos/../../etc/passwd',
      '/etc/passwd',
      '.tmp/x',
      'a//b',
      'a\\b',
      '',
    ]) {
      await expect(store.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow('invalid object key');
      await expect(store.get(key)).rejects.toThrow('invalid object key');
      await expect(store.delete(key)).rejects.toThrow('invalid object key');
    }
  });
});

async function listAll(keys: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const key of keys) all.push(key);
  return all;
}

describe('DiskObjectStore.ping', () => {
  it('makes a missing folder, and fails where the folder cannot be', async () => {
    const fresh = path.join(dir, 'ping', 'objects');
    await expect(new DiskObjectStore(fresh).ping()).resolves.toBeUndefined();
    expect(readdirSync(path.join(dir, 'ping'))).toEqual(['objects']);

    const blocker = path.join(dir, 'ping-blocked');
    writeFileSync(blocker, 'a file where the folder should be');
    await expect(new DiskObjectStore(path.join(blocker, 'objects')).ping()).rejects.toThrow();
  });
});
