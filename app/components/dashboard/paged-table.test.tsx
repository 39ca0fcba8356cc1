import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ApiError } from "#app/lib/api-client.ts";
import type { Paged } from "#common/types/post-list.ts";
import { EmptyState } from "./empty-state.tsx";
import { PagedTable, type PagedTableProps } from "./paged-table.tsx";

type Item = { id: string; name: string };

const ITEMS: Item[] = [
  { id: "a", name: "Alpha" },
  { id: "b", name: "Beta" },
];

function page(items: Item[], over: Partial<Paged<Item>> = {}): Paged<Item> {
  return { items, page: 1, pageSize: 25, total: items.length, totalPages: 1, ...over };
}

const loaded = (data: Paged<Item>) => ({ isPending: false, isError: false, error: null, data });

/** The table's markup on a page at /dashboard/apps{search}, and its text. */
function render(props: Partial<PagedTableProps<Item>>, search = "") {
  const element = (
    <PagedTable<Item>
      query={loaded(page(ITEMS))}
      label="Apps"
      noun={["app", "apps"]}
      columns={[{ header: "Name", cell: (item) => item.name }]}
      itemKey={(item) => item.id}
      compactRow={(item) => <p>{item.name}</p>}
      actions={(item) => <button type="button">{`Actions for ${item.name}`}</button>}
      search={search}
      errorFallback="Failed to load the apps."
      empty={<EmptyState title="No apps yet" />}
      noMatches={<EmptyState title="No matching apps" />}
      {...props}
    />
  );
  const router = createMemoryRouter([{ path: "*", element }], {
    initialEntries: [`/dashboard/apps${search}`],
  });
  const html = renderToStaticMarkup(<RouterProvider router={router} />);
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return { html, text };
}

describe("PagedTable", () => {
  it("shows 3 skeleton rows in a busy list named '{label} (loading)' while the page loads", () => {
    const { html } = render({ query: { isPending: true, isError: false, error: null } });
    expect(html).toContain('<ul aria-label="Apps (loading)" aria-busy="true"');
    expect(html.match(/data-slot="skeleton-row"/g)).toHaveLength(3);
  });

  it("or as many placeholders as asked, or a line of text said as a status", () => {
    const pending = { isPending: true, isError: false, error: null };
    const rows = render({ query: pending, loading: { rows: 6, placeholder: <i>row</i> } }).html;
    expect(rows.match(/<li data-slot="skeleton-row"><i>row<\/i><\/li>/g)).toHaveLength(6);
    expect(render({ query: pending, loading: "Loading apps..." }).html).toBe(
      '<p role="status" class="text-zinc-400">Loading apps...</p>',
    );
  });

  it("says what went wrong: the server's message, else its own", () => {
    const failure = new ApiError(500, "Internal Server Error", "", { message: "Database down" });
    expect(render({ query: { isPending: false, isError: true, error: failure } }).html).toBe(
      '<p role="alert" class="text-redstone-400">Database down</p>',
    );
    expect(render({ query: { isPending: false, isError: true, error: new Error("x") } }).text).toBe(
      "Failed to load the apps.",
    );
  });

  it("keeps the page it has when asking again fails", () => {
    const failure = new Error("offline");
    const { text } = render({ query: { ...loaded(page(ITEMS)), isError: true, error: failure } });
    expect(text).toContain("Alpha");
    expect(text).not.toContain("offline");
  });

  it("shows the list's empty state, or its no-match state while narrowed", () => {
    expect(render({ query: loaded(page([])) }).text).toBe("No apps yet");
    expect(render({ query: loaded(page([])), narrowed: true }).text).toBe("No matching apps");
  });

  it("offers the last page for a page past it, keeping the view", () => {
    const past = loaded(page([], { page: 5, total: 30, totalPages: 2 }));
    const { html, text } = render({ query: past }, "?q=x&page=5");
    expect(text).toBe("Page 5 is past the end of the list, which fills 2 pages. Go to page 2");
    expect(html).toContain('href="/dashboard/apps?q=x&amp;page=2"');
    const own = render({ query: past, pastEnd: ({ totalPages }) => `Only ${totalPages}` });
    expect(own.text).toBe("Only 2");
  });

  it("shows where the page lies, a table for wide screens and compact rows for phones", () => {
    const data = page(ITEMS, { page: 2, total: 27, totalPages: 2 });
    const { html, text } = render({ query: loaded(data) }, "?page=2");
    expect(text).toMatch(/^Showing 26–27 of 27 apps/);
    expect(html).toContain('<table aria-label="Apps"');
    expect(html).toContain('<span class="sr-only">Actions</span>');
    expect(html).toMatch(/<ul aria-label="Apps" class="space-y-2">/);
    expect(html.match(/Actions for Alpha/g)).toHaveLength(2);
    expect(html).toContain('aria-label="Apps pages"');
  });

  it("without compact rows, shows the table at every width, named by its caption", () => {
    const { html } = render({ compactRow: undefined, caption: "Apps and their names" });
    expect(html).toContain('<table class="w-full text-left text-sm">');
    expect(html).toContain('<caption class="sr-only">Apps and their names</caption>');
    expect(html).not.toContain("md:hidden");
    expect(html).not.toContain("hidden md:block");
  });

  it("names rows, and offers checkboxes where rows can be selected", () => {
    const selection = {
      isSelected: (key: string) => key === "b",
      toggle: () => undefined,
      toggleAll: () => undefined,
      selectedOnPage: 1,
    };
    const { html } = render({ rowName: (item) => item.name, selection });
    expect(html).toContain('aria-label="Select all apps on this page"');
    expect(html).toContain("Select all on this page");
    expect(html).toMatch(/<tr aria-label="Beta" data-selected="true"/);
    expect(html).toMatch(/<article [^>]*aria-label="Alpha"/);
    expect(html.match(/aria-label="Select Beta"[^>]* checked=""/g)).toHaveLength(2);
    expect(html.match(/aria-label="Select Alpha"[^>]* checked=""/g)).toBeNull();
  });

  it("makes sortable headers buttons, with aria-sort", () => {
    const { html } = render({
      columns: [
        { header: "Name", sortField: "name", cell: (item) => item.name },
        { header: "Id", sortField: "id", cell: (item) => item.id },
      ],
      sorting: {
        direction: (field) => (field === "name" ? "descending" : "none"),
        onSort: () => undefined,
      },
    });
    expect(html).toMatch(/<th scope="col" aria-sort="descending"[^>]*><button[^>]*>Name/);
    expect(html).toContain(", sorted descending");
    expect(html).toMatch(/<th scope="col" aria-sort="none"[^>]*><button[^>]*>Id/);
  });
});
