import { describe, expect, it } from "vitest";
import {
  checkWebhookAddress,
  isPublicAddress,
  WebhookAddressError,
} from "./webhook-address.server.ts";
import { signWebhook } from "./webhook-request.server.ts";

const STRICT = { allowPrivateAddresses: false };
const OPEN = { allowPrivateAddresses: true };
const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

describe("webhook addresses", () => {
  it("refuses every private, loopback, link-local, CGNAT, multicast and unspecified range", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "224.0.0.1",
      "0.0.0.0",
      "255.255.255.255",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:8.8.8.8",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["8.8.8.8", "162.159.128.233", "2606:4700::6810:84e5"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it("takes only https, without a user name, resolving to public addresses", async () => {
    const checked = await checkWebhookAddress(
      "https://chat.example/api/webhooks/1/token",
      STRICT,
      resolvesTo("162.159.128.233"),
    );
    expect(checked).toMatchObject({ address: "162.159.128.233", family: 4 });
    const refusals: [string, RegExp][] = [
      ["http://chat.example/hook", /must start with https/],
      ["ftp://chat.example/hook", /must start with https/],
      ["https://user:pw@chat.example/hook", /user name or password/],
      ["https://127.0.0.1/hook", /private network/],
      ["https://[::1]/hook", /private network/],
      ["https://[::ffff:10.0.0.1]/hook", /private network/],
    ];
    for (const [url, message] of refusals) {
      await expect(checkWebhookAddress(url, STRICT, resolvesTo("8.8.8.8")), url).rejects.toThrow(
        message,
      );
    }
  });

  it("refuses a name that resolves to any private address (checked again at each attempt)", async () => {
    await expect(
      checkWebhookAddress("https://rebind.example/hook", STRICT, resolvesTo("8.8.8.8", "10.0.0.5")),
    ).rejects.toBeInstanceOf(WebhookAddressError);
    await expect(
      checkWebhookAddress("https://gone.example/hook", STRICT, async () => {
        throw new Error("ENOTFOUND");
      }),
    ).rejects.toThrow(/could not be found/);
  });

  it("allows http and private addresses with WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=1", async () => {
    const checked = await checkWebhookAddress("http://127.0.0.1:8080/hook", OPEN);
    expect(checked).toMatchObject({ address: "127.0.0.1", family: 4 });
    await expect(
      checkWebhookAddress("http://intranet.example/hook", OPEN, resolvesTo("10.0.0.7")),
    ).resolves.toMatchObject({ address: "10.0.0.7" });
  });
});

describe("Standard Webhooks signatures", () => {
  it("matches the specification's test vector", () => {
    // From the Standard Webhooks reference libraries' tests.
    const signature = signWebhook(
      "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      "msg_p5jXN8AQM9LWM0D4loKWxJek",
      1614265330,
      '{"test": 2432232314}',
    );
    expect(signature).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });
});
