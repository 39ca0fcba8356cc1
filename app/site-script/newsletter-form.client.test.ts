// @vitest-environment happy-dom
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { NewsletterForm } from "#app/components/site/newsletter-form.tsx";
import { ToastProvider } from "#app/components/ui/toast.tsx";
import { installNewsletterForms } from "./newsletter-form.client.ts";

/**
 * Counts the times the form's schema module is loaded (once, on first use). Nothing else in this
 * file imports it, so only the form's script can have loaded it.
 */
const schemaLoads = vi.hoisted(() => vi.fn());
vi.mock("#common/schemas/subscriber.ts", async (importOriginal) => {
  schemaLoads();
  return importOriginal();
});

/**
 * How long to wait for something to appear. vi.waitFor gives up after one second by default,
 * which the first submit can take on a busy machine: it loads the schema module on first use.
 */
const APPEARS = { timeout: 10_000 };

const fetchMock = vi.fn<typeof fetch>();

/** A server's answer, shown as it is. */
const CONFIRM = "Please check your inbox to confirm your subscription.";

beforeAll(() => {
  installNewsletterForms(document);
});

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  // The form and the toasts' live region, as the server renders the home page.
  document.body.innerHTML = renderToString(
    createElement(ToastProvider, null, createElement(NewsletterForm)),
  );
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

function get<T extends Element = HTMLElement>(selector: string): T {
  const element = document.querySelector<T>(selector);
  if (!element) throw new Error(`nothing matches ${selector}`);
  return element;
}

const form = () => get<HTMLFormElement>("form");
const field = () => get<HTMLInputElement>("#newsletter-email");
const button = () => get<HTMLButtonElement>('form button[type="submit"]');

type Toast = { title: string; text: string; role: string | null };

/** Sends the form and waits for the toast it ends with (a new one, even if it reads the same). */
async function submit(): Promise<Toast> {
  const before = document.querySelector('[data-slot="toast"]');
  form().requestSubmit();
  const toast = await vi.waitFor(() => {
    const shown = document.querySelector('[data-slot="toast"]');
    if (!shown || shown === before) throw new Error("no new toast yet");
    return shown;
  }, APPEARS);
  const [title, text] = [...toast.querySelectorAll("p")].map((p) => p.textContent);
  return { title: title ?? "", text: text ?? "", role: toast.getAttribute("role") };
}

function answer(status: number, body: string | null, contentType = "application/json") {
  fetchMock.mockResolvedValueOnce(
    new Response(body, { status, headers: { "content-type": contentType } }),
  );
}

describe("the server-rendered form", () => {
  it("is an address field and a Subscribe button, which without the script post to /subscribe", () => {
    expect(form().hasAttribute("data-newsletter-form")).toBe(true);
    expect(form().noValidate).toBe(true);
    expect(form().getAttribute("method")).toBe("post");
    expect(form().getAttribute("action")).toBe("/subscribe");
    expect(field().type).toBe("email");
    expect(field().name).toBe("email");
    expect(field().hasAttribute("data-newsletter-email")).toBe(true);
    expect(get('label[for="newsletter-email"]').textContent).toBe("Email address");
    expect(button().textContent).toBe("Subscribe");
    expect(button().hasAttribute("data-newsletter-submit")).toBe(true);
    expect(field().disabled || button().disabled).toBe(false);
  });

  // Runs before any test sends the form: the schema module is loaded once per page.
  it("leaves the schema out until the address field gets focus", async () => {
    button().focus();
    button().dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(schemaLoads).not.toHaveBeenCalled();
    field().focus();
    field().dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    await vi.waitFor(() => expect(schemaLoads).toHaveBeenCalledTimes(1), APPEARS);
  });
});

describe("sending the form", () => {
  it("refuses an empty field, an address without @ and one the shared schema refuses, unsent", async () => {
    for (const value of ["", "not-an-address", "someone@nowhere"]) {
      field().value = value;
      expect(await submit()).toEqual({
        title: "Invalid Email",
        text: "Please enter a valid email address.",
        role: "alert",
      });
      expect(field().value).toBe(value);
    }
    expect(fetchMock).not.toHaveBeenCalled();
    // One toast at a time: each replaced the one before.
    expect(document.querySelectorAll('[data-slot="toast"]')).toHaveLength(1);
  });

  it("disables the form while the address is on its way, then subscribes it as the server stores it", async () => {
    let arrive: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(
      new Promise<Response>((resolve) => {
        arrive = resolve;
      }),
    );
    const label = button().firstChild;
    field().value = " Reader@Example.com ";
    const outcome = submit();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), APPEARS);
    expect(field().disabled).toBe(true);
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe("Subscribing...");
    // Another submit meanwhile sends nothing more.
    form().requestSubmit();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    arrive(
      new Response(JSON.stringify({ message: CONFIRM }), {
        status: 200,
        headers: { "content-type": "application/json" },
      }),
    );
    expect(await outcome).toEqual({
      title: "Success!",
      text: CONFIRM,
      role: "status",
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/newsletter/subscribe");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("include");
    expect(init?.headers).toEqual({
      accept: "application/json",
      "content-type": "application/json",
    });
    expect(JSON.parse(String(init?.body))).toEqual({ email: "reader@example.com" });
    expect(field().value).toBe("");
    expect(field().disabled).toBe(false);
    expect(button().disabled).toBe(false);
    expect(button().textContent).toBe("Subscribe");
    // The button's text changed in place: the node the server rendered is still there.
    expect(button().firstChild).toBe(label);
    // In the live region the server rendered.
    expect(
      document.querySelector('section[aria-label="Notifications"] [data-slot="toast"]'),
    ).not.toBeNull();
  });

  it("says the address is subscribed when the answer has no message", async () => {
    for (const [status, body] of [
      [200, ""],
      [200, "{}"],
      [204, null],
    ] as const) {
      answer(status, body);
      field().value = "reader@example.com";
      expect(await submit()).toEqual({
        title: "Success!",
        text: "You've been successfully subscribed to our newsletter.",
        role: "status",
      });
    }
  });

  it("shows the server's message when it refuses, and keeps the address", async () => {
    answer(429, JSON.stringify({ message: "Too many newsletter requests." }));
    field().value = "reader@example.com";
    expect(await submit()).toEqual({
      title: "Subscription Failed",
      text: "Too many newsletter requests.",
      role: "alert",
    });
    expect(field().value).toBe("reader@example.com");
    expect(field().disabled).toBe(false);
    expect(button().textContent).toBe("Subscribe");
  });

  it("says the subscription failed when the answer has no message or never comes", async () => {
    const failed = {
      title: "Subscription Failed",
      text: "Failed to subscribe to newsletter. Please try again.",
      role: "alert",
    };
    answer(502, "Bad Gateway", "text/plain");
    field().value = "reader@example.com";
    expect(await submit()).toEqual(failed);

    answer(500, JSON.stringify({ error: "no message here" }));
    expect(await submit()).toEqual(failed);

    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    expect(await submit()).toEqual(failed);
    expect(field().value).toBe("reader@example.com");
  });

  it("leaves other forms alone", async () => {
    document.body.insertAdjacentHTML("beforeend", '<form id="other"></form>');
    const other = get<HTMLFormElement>("#other");
    const submitted = new Event("submit", { bubbles: true, cancelable: true });
    other.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('[data-slot="toast"]')).toBeNull();
  });
});
