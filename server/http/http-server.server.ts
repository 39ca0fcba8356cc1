import type { Server } from "node:http";
import { continueOnlyWithinLimits } from "./body-limits.server.ts";
import { answerUnservedMethods } from "./methods.server.ts";

/**
 * How long an idle connection stays open for the client's next request. Node's default, 5 s, is
 * shorter than the idle time of the proxies a site usually sits behind (a minute for many load
 * balancers) and of HTTP clients that ignore the `Keep-Alive: timeout` hint: a request such a
 * client sends just as the server closes the connection fails with a reset, though the server
 * would have answered it. The server should be the last to give up on a connection, so it waits
 * longer than they do. Shutdown closes idle connections at once, whatever this is (main.ts).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * What the HTTP server decides before the app sees a request (main.ts, and the tests' servers):
 * how long an idle connection is kept, whether a client may send its body, and the answer to a
 * method Node's parser cannot hand on.
 */
export function configureHttpServer(server: Server) {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  continueOnlyWithinLimits(server);
  answerUnservedMethods(server);
}
