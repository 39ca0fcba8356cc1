// @vitest-environment happy-dom
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "#app/components/ui/toast.tsx";
import { SUBSCRIBE_ANSWERS } from "#common/schemas/subscriber.ts";
import { NewsletterForm } from "./newsletter-form.tsx";

// The form renders and updates as in a browser (after the schema and the answer arrive, not
// inside act()); the tests wait for what appears on screen.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

/**
 * How long to wait for something to appear. vi.waitFor gives up after one second by default,
 * which the first submit can take on a busy machine: it loads the schema module on first use.
 */
const APPEARS = { timeout: 10_000 };

let container: HTMLDivElement;
let root: Root;
const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  vi.stubGlobal("fetch", fetchMock);
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  root.render(
    <ToastProvider>
      <NewsletterForm />
    </ToastProvider>,
  );
  await vi.waitFor(() => field(), APPEARS);
});

afterEach(() => {
  root.unmount();
  container.remove();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function field(): HTMLInputElement {
  const input = container.querySelector<HTMLInputElement>("#newsletter-email");
  if (!input) throw new Error("no e-mail field");
  return input;
}

/** Types an address the way a person does (React listens to the native input event). */
function type(value: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  setValue?.call(field(), value);
  field().dispatchEvent(new Event("input", { bubbles: true }));
}

/** Sends the form and waits for the toast it ends with (a new one, even if it reads the same). */
async function submit(): Promise<{ title: string; text: string; role: string | null }> {
  const before = container.querySelector('[data-slot="toast"]');
  container.querySelector("form")?.requestSubmit();
  const toast = await vi.waitFor(() => {
    const shown = container.querySelector('[data-slot="toast"]');
    if (!shown || shown === before) throw new Error("no new toast yet");
    return shown;
  }, APPEARS);
  const [title, text] = [...toast.querySelectorAll("p")].map((p) => p.textContent);
  return { title: title ?? "", text: text ?? "", role: toast.getAttribute("role") };
}

function answer(status: number, body: string, contentType = "application/json") {
  fetchMock.mockResolvedValueOnce(
    new Response(body, { status, headers: { "content-type": contentType } }),
  );
}

describe("NewsletterForm", () => {
  it("refuses an empty field, an address without @ and one the shared schema refuses, unsent", async () => {
    for (const value of ["", "not-an-address", "someone@nowhere"]) {
      type(value);
      expect(await submit()).toEqual({
        title: "Invalid Email",
        text: "Please enter a valid email address.",
        role: "alert",
      });
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("subscribes the address as the server stores it, shows the server's answer and clears the field", async () => {
    answer(200, JSON.stringify({ message: SUBSCRIBE_ANSWERS.confirm }));
    type(" Reader@Example.com ");
    expect(await submit()).toEqual({
      title: "Success!",
      text: SUBSCRIBE_ANSWERS.confirm,
      role: "status",
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/newsletter/subscribe");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("include");
    expect(JSON.parse(String(init?.body))).toEqual({ email: "reader@example.com" });
    expect(field().value).toBe("");
  });

  it("says the address is subscribed when the answer has no message", async () => {
    answer(200, "");
    type("reader@example.com");
    expect(await submit()).toEqual({
      title: "Success!",
      text: "You've been successfully subscribed to our newsletter.",
      role: "status",
    });
  });

  it("shows the server's message when it refuses, else the general one", async () => {
    answer(429, JSON.stringify({ message: "Too many newsletter requests." }));
    type("reader@example.com");
    expect(await submit()).toEqual({
      title: "Subscription Failed",
      text: "Too many newsletter requests.",
      role: "alert",
    });
    expect(field().value).toBe("reader@example.com");
  });

  it("says the subscription failed when the answer has no message or never comes", async () => {
    answer(502, "Bad Gateway", "text/plain");
    type("reader@example.com");
    expect((await submit()).text).toBe("Failed to subscribe to newsletter. Please try again.");

    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    type("reader@example.com");
    expect(await submit()).toEqual({
      title: "Subscription Failed",
      text: "Failed to subscribe to newsletter. Please try again.",
      role: "alert",
    });
  });
});
