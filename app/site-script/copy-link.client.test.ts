// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installCopyLink } from "./copy-link.client.ts";
import { LINK_COPIED_MESSAGE } from "./site-settings.ts";

const URL_TO_COPY = "https://studio.example/blog/a-post";

const view = document.defaultView as Window & typeof globalThis;
const writeText = vi.fn<(text: string) => Promise<void>>();
const alert = vi.fn<(message?: string) => void>();
const prompt = vi.fn<(message?: string, value?: string) => string | null>();

beforeAll(() => {
  Object.defineProperty(view.navigator, "clipboard", {
    value: { writeText },
    configurable: true,
  });
  view.alert = alert;
  view.prompt = prompt;
  installCopyLink(document);
});

afterEach(() => {
  vi.resetAllMocks();
  document.body.innerHTML = "";
});

function renderButton() {
  document.body.innerHTML = `<button type="button" data-copy-link="${URL_TO_COPY}"><svg></svg> Copy Link</button>`;
  return document.querySelector("button") as HTMLButtonElement;
}

describe("Copy Link", () => {
  it("copies the button's address and confirms with a toast, never an alert", async () => {
    writeText.mockResolvedValue();
    // A click on the icon inside the button counts as a click on the button.
    renderButton()
      .querySelector("svg")
      ?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    await vi.waitFor(() =>
      expect(
        document.querySelector('section[aria-label="Notifications"] [role="status"]')?.textContent,
      ).toBe(LINK_COPIED_MESSAGE),
    );
    expect(writeText).toHaveBeenCalledWith(URL_TO_COPY);
    expect(alert).not.toHaveBeenCalled();
  });

  it("offers the address in a prompt when neither the clipboard nor the selection can copy", async () => {
    writeText.mockRejectedValue(new Error("not allowed"));
    const execCommand = vi.fn(() => false);
    Object.defineProperty(document, "execCommand", { value: execCommand, configurable: true });
    prompt.mockReturnValue(null);
    renderButton().click();
    await vi.waitFor(() => expect(prompt).toHaveBeenCalledWith("Copy this link:", URL_TO_COPY));
    expect(execCommand).toHaveBeenCalledWith("copy");
    expect(alert).not.toHaveBeenCalled();
    expect(document.querySelector('[data-slot="toast"]')).toBeNull();
    // The selection's helper field is gone again.
    expect(document.querySelector("textarea")).toBeNull();
  });

  it("ignores clicks elsewhere", async () => {
    writeText.mockResolvedValue();
    document.body.innerHTML = "<button type='button'>Other</button>";
    document.querySelector("button")?.click();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(writeText).not.toHaveBeenCalled();
  });
});
