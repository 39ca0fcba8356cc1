import { z } from "zod";

/**
 * zod as the site uses it, in the browser and on the server. Without `jitless`, building an
 * object schema first probes whether `new Function` may run (to compile a faster parser); under
 * the site's Content-Security-Policy (no 'unsafe-eval') the browser refuses it and reports a
 * CSP violation, even though zod catches the refusal. `jitless` skips the probe and the
 * compiled parser. It must be set before the first schema is built, so schemas import `z` from
 * here, never from "zod" itself.
 */
z.config({ jitless: true });

export { z };
