import { z } from 'zod';

// Zod probes for `new Function` to compile faster validators; under the app's Content-Security-Policy
// (no eval) the probe fails anyway and the browser reports it as a policy violation. Skip it.
z.config({ jitless: true });
