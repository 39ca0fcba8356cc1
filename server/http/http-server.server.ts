import type { Server } from "node:http";
import { continueOnlyWithinLimits } from "./body-limits.server.ts";
import { answerUnservedMethods } from "./methods.server.ts";

/**
 * What the HTTP server decides before the app sees a request (main.ts, and the tests' servers):
 * whether a client may send its body, and the answer to a method Node's parser cannot hand on.
 */
export function configureHttpServer(server: Server) {
  continueOnlyWithinLimits(server);
  answerUnservedMethods(server);
}
