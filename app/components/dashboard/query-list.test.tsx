import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApiError } from "#app/lib/api-client.ts";
import { EmptyState } from "./empty-state.tsx";
import { QueryList, type QueryListProps } from "./query-list.tsx";

type Item = { id: string; name: string };

const loaded = { isPending: false, isError: false, error: null };

function render(props: Partial<QueryListProps<Item>>) {
  const html = renderToString(
    <QueryList<Item>
      query={loaded}
      items={[]}
      label="Apps"
      className="space-y-3"
      loading={{ count: 3, slot: "skeleton-row", placeholder: <span>placeholder</span> }}
      errorFallback="Failed to load the apps."
      empty={<EmptyState title="No apps yet" />}
      itemKey={(item) => item.id}
      renderItem={(item) => <article>{item.name}</article>}
      {...props}
    />,
  );
  const text = html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return { html, text };
}

describe("QueryList", () => {
  it("shows the placeholders in a busy list named '{label} (loading)' while it loads", () => {
    const { html } = render({ query: { ...loaded, isPending: true } });
    expect(html).toMatch(/^<ul aria-label="Apps \(loading\)" aria-busy="true" class="space-y-3">/);
    expect(
      html.match(/<li data-slot="skeleton-row"><span>placeholder<\/span><\/li>/g),
    ).toHaveLength(3);
  });

  it("or a line of text said as a status", () => {
    const { html } = render({ query: { ...loaded, isPending: true }, loading: "Loading apps..." });
    expect(html).toBe('<p role="status" class="text-zinc-400">Loading apps...</p>');
  });

  it("says what went wrong: the server's message, else its own", () => {
    const failure = new ApiError(500, "Internal Server Error", "", { message: "Database down" });
    expect(render({ query: { isPending: false, isError: true, error: failure } }).html).toBe(
      '<p role="alert" class="text-redstone-400">Database down</p>',
    );
    expect(
      render({ query: { isPending: false, isError: true, error: new Error("offline") } }).text,
    ).toBe("Failed to load the apps.");
  });

  it("shows `empty` when there is nothing to list", () => {
    const { html, text } = render({ items: [] });
    expect(text).toBe("No apps yet");
    expect(html).not.toContain("<ul");
  });

  it("lists the items in order, each in a list item, under the list's name", () => {
    const { html, text } = render({
      items: [
        { id: "1", name: "Skin Studio" },
        { id: "2", name: "Realm Roamer" },
      ],
    });
    expect(html).toMatch(/^<ul aria-label="Apps" class="space-y-3"><li><article>/);
    expect(text).toBe("Skin Studio Realm Roamer");
  });
});
