import { firstInstall } from "./dom.ts";
import { showToast } from "./toast.client.ts";

// The newsletter form (docs/product.md#newsletter-form) on a page React does not hydrate: the
// server renders it (app/components/site/newsletter-form.tsx) and this script checks the address,
// sends it and reports each state with a toast. It changes only attributes and the button's own
// text, so the markup stays as the server rendered it.

const FORM = "[data-newsletter-form]";
const FIELD = "[data-newsletter-email]";
const SUBMIT = "[data-newsletter-submit]";

const SUBSCRIBE_PATH = "/api/newsletter/subscribe";
const SUBSCRIBING_LABEL = "Subscribing...";
const SUBSCRIBED_MESSAGE = "You've been successfully subscribed to our newsletter.";
const FAILED_MESSAGE = "Failed to subscribe to newsletter. Please try again.";

/** Forms between a submit and its outcome: another submit meanwhile is not sent twice. */
const sending = new WeakSet<Element>();
/** Each button's own label, to put back once the form is idle again. */
const idleLabels = new WeakMap<Element, string>();

/**
 * The schema the server parses an address with. It comes with zod, which the page does not
 * otherwise need, so the browser fetches it when the form is first used, not with the page.
 */
function loadSchema() {
  return import("#common/schemas/subscriber.ts").then((module) => module.NewsletterInputSchema);
}

export function installNewsletterForms(doc: Document = document): void {
  if (!firstInstall(doc, "newsletter-form")) return;

  // Someone about to type an address will send it: fetch the schema now.
  doc.addEventListener("focusin", (event) => {
    const target = event.target as Element | null;
    if (target?.closest?.(FIELD)?.closest(FORM)) void loadSchema().catch(() => undefined);
  });

  doc.addEventListener("submit", (event) => {
    const form = event.target as Element | null;
    if (!form?.matches?.(FORM)) return;
    event.preventDefault();
    void subscribe(doc, form);
  });
}

async function subscribe(doc: Document, form: Element) {
  const field = form.querySelector<HTMLInputElement>(FIELD);
  const button = form.querySelector<HTMLButtonElement>(SUBMIT);
  if (!field || sending.has(form)) return;
  sending.add(form);
  try {
    const parsed = (await loadSchema()).safeParse({ email: field.value });
    if (!parsed.success) {
      showToast(
        {
          title: "Invalid Email",
          description: "Please enter a valid email address.",
          variant: "destructive",
        },
        doc,
      );
      return;
    }
    showSending(field, button, true);
    const answer = await postJson(SUBSCRIBE_PATH, parsed.data);
    field.value = "";
    // The server words the outcome: with double opt-in, that a confirmation link was mailed.
    showToast({ title: "Success!", description: messageOf(answer) ?? SUBSCRIBED_MESSAGE }, doc);
  } catch (error) {
    showToast(
      {
        title: "Subscription Failed",
        description: (error instanceof Refused ? error.serverMessage : null) ?? FAILED_MESSAGE,
        variant: "destructive",
      },
      doc,
    );
  } finally {
    showSending(field, button, false);
    sending.delete(form);
  }
}

/** While the address is on its way: field and button disabled, the button saying so. */
function showSending(field: HTMLInputElement, button: HTMLButtonElement | null, on: boolean) {
  field.disabled = on;
  if (!button) return;
  button.disabled = on;
  if (!idleLabels.has(button)) idleLabels.set(button, button.textContent ?? "");
  setText(button, on ? SUBSCRIBING_LABEL : (idleLabels.get(button) ?? ""));
}

/** Changes an element's text in its own text node, rather than replacing the node. */
function setText(element: Element, text: string) {
  const node = [...element.childNodes].find((child) => child.nodeType === 3);
  if (node && element.childNodes.length === 1) node.nodeValue = text;
  else element.textContent = text;
}

/** An answer that was not OK, with the `message` of its JSON body when it has one. */
class Refused extends Error {
  constructor(readonly serverMessage: string | null) {
    super("refused");
  }
}

/**
 * Sends JSON to the API as every page's calls do (app/lib/api-client.ts, docs/product.md#api-
 * conventions): asking for JSON, with the session cookie; answers the parsed body, if any.
 */
async function postJson(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(path, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify(body),
    credentials: "include",
  });
  if (!response.ok) throw new Refused(messageOf(await readJson(response)));
  if (response.status === 204) return undefined;
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/** A refusal's body, when it is JSON (a proxy's error page is not). */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function messageOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const message = (body as { message?: unknown }).message;
  return typeof message === "string" ? message : null;
}
