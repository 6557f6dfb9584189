// Zod probes for `new Function` to compile faster validators; under the app's Content-Security-Policy
// (no eval) the probe fails anyway and the browser reports it as a policy violation. Skip it.
// Set through the global object zod reads its configuration from (what `z.config` writes to), so the
// landing page, which uses no zod, does not load zod just for this line.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
