import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import type { UserFields } from '#server/db/factories.ts';
import { createTestApp, type TestApp } from './app.ts';
import { CAST, createPerson, type Person } from './people.ts';

/** The shop of one test file (or `describe`): its app and database, there from its first test on. */
export interface TestShop {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly db: Database['db'];
}

/**
 * Configuration for the shop, or a function giving it when the shop starts: for settings that
 * depend on something an earlier `beforeAll` started (a stand-in's address).
 */
export type TestShopConfig = Partial<AppConfig> | (() => Partial<AppConfig>);

/**
 * Starts a test app with a database of its own before the tests of the enclosing file or
 * `describe`, and closes both after them. Call it where `beforeAll` may be called; a cleanup
 * registered before it runs after the shop has closed (Vitest runs "after" hooks last-first).
 */
export function setUpTestShop(config: TestShopConfig = {}): TestShop {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await createTestApp(typeof config === 'function' ? config() : config);
  });
  afterAll(() => started?.close());
  const running = (): TestApp => {
    if (!started) throw new Error('the test shop starts in beforeAll: use it inside tests and hooks');
    return started;
  };
  return {
    get app() {
      return running().app;
    },
    get database() {
      return running().database;
    },
    get db() {
      return running().database.db;
    },
  };
}

/**
 * A signed-in user of `shop`, created in a `beforeAll` (after those registered before this call).
 * Its fields are there from the first test on.
 */
export function setUpPerson(shop: TestShop, fields: UserFields): Person {
  let created: Person | undefined;
  beforeAll(async () => {
    created = await createPerson(shop, fields);
  });
  const person = (): Person => {
    if (!created) throw new Error(`${fields.email} is created in beforeAll: use them inside tests and hooks`);
    return created;
  };
  return {
    get user() {
      return person().user;
    },
    get cookie() {
      return person().cookie;
    },
  };
}

/** The cast of the ownership tests in `shop`: two customers and the shop, created in this order. */
export function setUpCast(shop: TestShop): { alice: Person; bob: Person; admin: Person } {
  return {
    alice: setUpPerson(shop, CAST.alice),
    bob: setUpPerson(shop, CAST.bob),
    admin: setUpPerson(shop, CAST.admin),
  };
}
