import { apiRequest, errorMessage } from "#app/lib/api-client.ts";
import { firstInstall } from "./dom.ts";
import { showToast } from "./toast.client.ts";

// The newsletter form (docs/product/mail.md#newsletter-form) on a page React does not hydrate: the
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
    const answer = await apiRequest<{ message?: string } | undefined>(SUBSCRIBE_PATH, {
      method: "POST",
      body: parsed.data,
    });
    field.value = "";
    // The server words the outcome: with double opt-in, that a confirmation link was mailed.
    showToast({ title: "Success!", description: answer?.message ?? SUBSCRIBED_MESSAGE }, doc);
  } catch (error) {
    showToast(
      {
        title: "Subscription Failed",
        description: errorMessage(error, FAILED_MESSAGE),
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
