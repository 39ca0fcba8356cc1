import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export type OidcAccount = { email: string; emailVerified: boolean; name?: string };

export type OidcTestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by login name; a test adds the ones it signs in with. */
  accounts: Map<string, OidcAccount>;
  close: () => Promise<void>;
};

/**
 * A real OpenID Connect provider (the certified `oidc-provider` package) on a loopback port,
 * with one confidential client whose redirect URI is the site's callback. Its development
 * login form accepts any login name with any password; the name picks the account.
 */
export async function startOidcProvider(siteUrl: string): Promise<OidcTestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, OidcAccount>();
  const clientId = "studio-site";
  const clientSecret = "studio-site-client-secret-for-tests";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${siteUrl}/api/auth/callback/oidc`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    cookies: { keys: ["oidc-provider-cookie-key-for-tests"] },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 600,
      Grant: 3600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 3600,
    },
    findAccount: async (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name ?? id,
        }),
      };
    },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A browser without JavaScript: follows redirects, keeps cookies per host, and fills in the
 * provider's login and consent forms, until it lands on a page of the site (or gives up).
 */
export function createBrowser() {
  const jars = new Map<string, Map<string, string>>();
  const jar = (host: string) => {
    let cookies = jars.get(host);
    if (!cookies) {
      cookies = new Map();
      jars.set(host, cookies);
    }
    return cookies;
  };

  async function request(url: string, init: RequestInit = {}): Promise<Response> {
    const { host } = new URL(url);
    const cookies = [...jar(host)].map(([name, value]) => `${name}=${value}`).join("; ");
    const headers = new Headers(init.headers);
    if (cookies) headers.set("cookie", cookies);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = setCookie.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) jar(host).delete(name);
      else jar(host).set(name, value);
    }
    return response;
  }

  return {
    request,
    cookieHeader: (origin: string) =>
      [...jar(new URL(origin).host)].map(([name, value]) => `${name}=${value}`).join("; "),
    /**
     * Opens `url` and goes wherever it leads; on the provider's forms, signs in as `login`
     * and consents. Resolves with the first URL on `siteOrigin` that is not a redirect.
     */
    async signInThrough(url: string, siteOrigin: string, login: string): Promise<URL> {
      let next: { url: string; init?: RequestInit } | null = { url };
      for (let hop = 0; hop < 20 && next; hop++) {
        const response = await request(next.url, next.init);
        const location = response.headers.get("location");
        if (location) {
          next = { url: new URL(location, next.url).toString() };
          continue;
        }
        const here: URL = new URL(next.url);
        if (here.origin === siteOrigin) return here;
        const html = await response.text();
        const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
        const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
        if (!action || !prompt) throw new Error(`Unexpected provider page ${here}:\n${html}`);
        const fields: Record<string, string> =
          prompt === "login" ? { prompt, login, password: "any" } : { prompt };
        next = {
          url: new URL(action, here).toString(),
          init: {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(fields),
          },
        };
      }
      throw new Error("Sign-in through the provider did not come back to the site");
    },
  };
}
