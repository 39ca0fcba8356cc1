// oidc-provider ships no type declarations; the tests use a small part of it.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type Claims = Record<string, unknown> & { sub: string };
  type Account = { accountId: string; claims: () => Promise<Claims> };

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
  export type { Account, Claims };
}
