import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

// Where a webhook may be sent (docs/decisions/037-webhooks.md): an https address whose host
// resolves only to public addresses. Checked when an endpoint is saved and again before every
// attempt (DNS can change); the request then connects to the very address checked, so a name
// that resolves elsewhere a moment later (DNS rebinding) cannot send it inside the network.

/** Ranges a webhook never reaches unless WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=1. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  PRIVATE.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b::", 96], // IPv4/IPv6 translation
  ["64:ff9b:1::", 48],
  ["100::", 64], // discard
  ["2001::", 32], // Teredo
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  PRIVATE.addSubnet(network, prefix, "ipv6");
}

/** Whether an IP address is one a webhook may reach without the operator's leave. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // IPv4-mapped IPv6 (::ffff:a.b.c.d) is refused whatever it maps to; BlockList would judge it
  // by the IPv4 rules.
  if (family === 6 && new URL(`http://[${address}]`).hostname.startsWith("[::ffff:")) return false;
  return !PRIVATE.check(address, family === 4 ? "ipv4" : "ipv6");
}

export type AddressRules = { allowPrivateAddresses: boolean };

/** A checked address: the URL and the IP address to connect to. */
export type CheckedAddress = { url: URL; address: string; family: 4 | 6 };

/** Why an address was refused, in words for the person who typed it. */
export class WebhookAddressError extends Error {
  override name = "WebhookAddressError";
}

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/**
 * Checks a webhook address and resolves its host: https only, no user name or password in it,
 * and every address the host resolves to public. With `allowPrivateAddresses`, http and any
 * address pass. Throws WebhookAddressError saying why not.
 */
export async function checkWebhookAddress(
  value: string,
  rules: AddressRules,
  resolve: Resolve = systemResolve,
): Promise<CheckedAddress> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new WebhookAddressError("Enter the webhook's address, starting with https://.");
  }
  const allowed = rules.allowPrivateAddresses ? ["https:", "http:"] : ["https:"];
  if (!allowed.includes(url.protocol)) {
    throw new WebhookAddressError("The webhook's address must start with https://.");
  }
  if (url.username || url.password) {
    throw new WebhookAddressError("The webhook's address cannot hold a user name or password.");
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let found: { address: string; family: number }[];
  if (isIP(host)) {
    found = [{ address: host, family: isIP(host) }];
  } else {
    try {
      found = await resolve(host);
    } catch {
      throw new WebhookAddressError(`The host ${host} could not be found. Check the address.`);
    }
  }
  const first = found[0];
  if (!first) throw new WebhookAddressError(`The host ${host} could not be found.`);
  if (!rules.allowPrivateAddresses && !found.every((entry) => isPublicAddress(entry.address))) {
    throw new WebhookAddressError(
      "That address leads into a private network (such as localhost or 10.x.x.x); webhooks only go to public addresses.",
    );
  }
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
