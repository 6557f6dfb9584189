import type { FastifyInstance, FastifySchema } from 'fastify';

/** One route as registered: what the authorization matrix and the input fuzzing walk over. */
export interface RouteTableEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, filled as routes are registered (HEAD twins of GET routes left out). */
    routeTable: RouteTableEntry[];
  }
}

/** Must run before any route is registered: the hook sees only routes added after it. */
export function registerRouteTable(app: FastifyInstance): void {
  const table: RouteTableEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, schema: route.schema });
    }
  });
}
