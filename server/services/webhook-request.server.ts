import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import {
  type AddressRules,
  checkWebhookAddress,
  type Resolve,
  WebhookAddressError,
} from "./webhook-address.server.ts";

// One webhook request (docs/decisions/037-webhooks.md): the address checked and resolved again,
// the connection made to the checked address, no redirect followed, a time limit on the whole
// exchange, and the start of the answer kept for the delivery log. Generic webhooks are signed
// the Standard Webhooks way.

/** How long a receiver gets to answer, from connecting to the end of its answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** How much of an answer's body is kept for the log. */
const RESPONSE_EXCERPT = 500;
/** How much of an answer is read at most; the rest is not waited for. */
const RESPONSE_READ_LIMIT = 64 * 1024;

/** A new signing secret: the key's bytes as stored (base64), and as shown once (whsec_…). */
export function newWebhookSecret(): { stored: string; shown: string } {
  const stored = randomBytes(32).toString("base64");
  return { stored, shown: shownSecret(stored) };
}

export function shownSecret(stored: string): string {
  return `whsec_${stored}`;
}

/**
 * The Standard Webhooks signature: `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`
 * keyed with the secret's bytes (base64, with or without its whsec_ prefix).
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const mac = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return `v1,${mac}`;
}

/** The headers of a signed generic webhook attempt. */
export function signedHeaders(secret: string, id: string, timestamp: number, body: string) {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signWebhook(secret, id, timestamp, body),
  };
}

export type WebhookOutcome = {
  /** A 2xx answer came. */
  ok: boolean;
  statusCode: number | null;
  /** The start of the answer's body. */
  response: string | null;
  /** Why no 2xx answer came, in plain words. */
  error: string | null;
  durationMs: number;
};

export type WebhookRequest = {
  url: string;
  body: string;
  headers: Record<string, string>;
  rules: AddressRules;
  timeoutMs?: number;
  resolve?: Resolve;
  userAgent: string;
};

/** Sends one webhook request and says what came of it; never throws. */
export async function sendWebhook(request: WebhookRequest): Promise<WebhookOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const checked = await checkWebhookAddress(request.url, request.rules, request.resolve);
    const answer = await post(checked, request);
    const ok = answer.statusCode >= 200 && answer.statusCode < 300;
    return {
      ok,
      statusCode: answer.statusCode,
      response: answer.body || null,
      error: ok ? null : describeStatus(answer.statusCode),
      durationMs: took(),
    };
  } catch (error) {
    const message =
      error instanceof WebhookAddressError || error instanceof RequestFailure
        ? error.message
        : `The request failed: ${(error as Error).message}`;
    return { ok: false, statusCode: null, response: null, error: message, durationMs: took() };
  }
}

function describeStatus(status: number): string {
  if (status >= 300 && status < 400)
    return `The receiver answered ${status} (a redirect, not followed).`;
  return `The receiver answered ${status}.`;
}

class RequestFailure extends Error {}

function post(
  checked: Awaited<ReturnType<typeof checkWebhookAddress>>,
  request: WebhookRequest,
): Promise<{ statusCode: number; body: string }> {
  const { url, address, family } = checked;
  // The connection goes to the address that was checked, whatever the name resolves to now.
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const timeoutMs = request.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: "POST",
      lookup: pinned,
      agent: false,
      headers: {
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(request.body)),
        "user-agent": request.userAgent,
        ...request.headers,
      },
    });
    const timer = setTimeout(() => {
      req.destroy(new RequestFailure(`No answer within ${Math.round(timeoutMs / 1000)} s.`));
    }, timeoutMs);
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(
        error instanceof RequestFailure
          ? error
          : new RequestFailure(`The receiver could not be reached (${errorCode(error)}).`),
      );
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let read = 0;
      const finish = () => {
        clearTimeout(timer);
        const body = Buffer.concat(chunks).toString("utf8").slice(0, RESPONSE_EXCERPT);
        resolve({ statusCode: res.statusCode ?? 0, body: body.trim() });
      };
      res.on("data", (chunk: Buffer) => {
        if (read < RESPONSE_READ_LIMIT) chunks.push(chunk);
        read += chunk.length;
        if (read >= RESPONSE_READ_LIMIT) {
          finish();
          res.destroy();
        }
      });
      res.on("end", finish);
      res.on("error", finish);
    });
    req.end(request.body);
  });
}

function errorCode(error: Error): string {
  return (error as NodeJS.ErrnoException).code ?? error.message;
}
