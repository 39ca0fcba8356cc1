import { describe, expect, it } from "vitest";
import { SEO_FIELD_NAMES } from "#common/schemas/post-seo.ts";
import {
  type DraftStorage,
  LOCAL_DRAFT_VERSION,
  type LocalDraft,
  localDraftKey,
  MAX_LOCAL_DRAFT_CHARS,
  readLocalDraft,
  removeLocalDraft,
  writeLocalDraft,
} from "./local-draft.ts";
import { emptyPostForm } from "./post-form.ts";

/** localStorage as a map, which can be told to refuse writes as a full storage does. */
function memoryStorage({ full = false } = {}) {
  const items = new Map<string, string>();
  const storage: DraftStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      if (full) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
  return { storage, items };
}

const draft: LocalDraft = {
  savedAt: "2027-03-14T12:03:00.000Z",
  basedOn: "2027-03-14T11:00:00.000Z",
  values: {
    ...emptyPostForm("Europe/Paris", "marketplace-content"),
    title: "Citadel",
    slug: "citadel",
    content: "<h2>Build it</h2><p>It <strong>floats</strong>.</p>",
    packType: "world",
    tags: ["worlds", "castles"],
    featuredImage: "/uploads/citadel.png",
    featuredImageAlt: "A castle in the clouds",
    metaTitle: "Citadel, a castle in the clouds",
    socialImage: "/uploads/citadel-card.png",
    noIndex: true,
  },
};

describe("localDraftKey", () => {
  it("names a saved post by its id, and a new post by the category its address asked for", () => {
    expect(localDraftKey("f3a1", null)).toBe("studio-editor:f3a1");
    expect(localDraftKey(null, null)).toBe("studio-editor:new");
    expect(localDraftKey(null, "youtube")).toBe("studio-editor:new:youtube");
  });
});

describe("writing and reading the copy", () => {
  it("gives back every value exactly as written", () => {
    const { storage } = memoryStorage();
    expect(writeLocalDraft(storage, "studio-editor:f3a1", draft)).toBe(true);
    expect(readLocalDraft(storage, "studio-editor:f3a1")).toEqual(draft);
    expect(readLocalDraft(storage, "studio-editor:other")).toBeNull();
  });

  it("reads a copy kept before the search and social settings with their defaults", () => {
    const { storage } = memoryStorage();
    const older = Object.fromEntries(
      Object.entries(draft.values).filter(
        ([name]) => !(SEO_FIELD_NAMES as readonly string[]).includes(name),
      ),
    );
    const entry = { version: LOCAL_DRAFT_VERSION, ...draft, values: older };
    storage.setItem("studio-editor:old", JSON.stringify(entry));
    expect(readLocalDraft(storage, "studio-editor:old")?.values).toEqual({
      ...older,
      metaTitle: "",
      metaDescription: "",
      socialImage: "",
      socialTitle: "",
      socialDescription: "",
      canonicalUrl: "",
      noIndex: false,
    });
  });

  it("removes a copy", () => {
    const { storage, items } = memoryStorage();
    writeLocalDraft(storage, "studio-editor:new", draft);
    removeLocalDraft(storage, "studio-editor:new");
    expect(items.size).toBe(0);
  });

  it("ignores and removes an entry that is not JSON, has the wrong shape or another version", () => {
    const { storage, items } = memoryStorage();
    const entries = [
      "{not json",
      "null",
      JSON.stringify({ version: LOCAL_DRAFT_VERSION, savedAt: "yesterday", values: {} }),
      JSON.stringify({ ...draft, version: LOCAL_DRAFT_VERSION + 1 }),
      JSON.stringify({ ...draft }),
      JSON.stringify({
        version: LOCAL_DRAFT_VERSION,
        ...draft,
        values: { ...draft.values, tags: "worlds" },
      }),
      JSON.stringify({
        version: LOCAL_DRAFT_VERSION,
        ...draft,
        values: { ...draft.values, category: "blog" },
      }),
    ];
    for (const entry of entries) {
      items.set("studio-editor:x", entry);
      expect(readLocalDraft(storage, "studio-editor:x"), entry).toBeNull();
      expect(items.has("studio-editor:x")).toBe(false);
    }
  });

  it("ignores and removes an entry larger than any the editor writes, without parsing it", () => {
    const { storage, items } = memoryStorage();
    items.set("studio-editor:x", `{"padding":"${"x".repeat(MAX_LOCAL_DRAFT_CHARS)}"}`);
    expect(readLocalDraft(storage, "studio-editor:x")).toBeNull();
    expect(items.has("studio-editor:x")).toBe(false);
  });

  it("does not keep a copy larger than the limit, and leaves the one before it", () => {
    const { storage } = memoryStorage();
    writeLocalDraft(storage, "studio-editor:x", draft);
    const huge = {
      ...draft,
      values: { ...draft.values, content: `<p>${"a".repeat(MAX_LOCAL_DRAFT_CHARS)}</p>` },
    };
    expect(writeLocalDraft(storage, "studio-editor:x", huge)).toBe(false);
    expect(readLocalDraft(storage, "studio-editor:x")).toEqual(draft);
  });

  it("answers false instead of throwing when the storage is full", () => {
    const { storage } = memoryStorage({ full: true });
    expect(writeLocalDraft(storage, "studio-editor:x", draft)).toBe(false);
  });

  it("answers nothing when the browser refuses to read or remove", () => {
    const refusing: DraftStorage = {
      getItem: () => {
        throw new DOMException("Access is denied.", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("Access is denied.", "SecurityError");
      },
      removeItem: () => {
        throw new DOMException("Access is denied.", "SecurityError");
      },
    };
    expect(readLocalDraft(refusing, "studio-editor:x")).toBeNull();
    expect(writeLocalDraft(refusing, "studio-editor:x", draft)).toBe(false);
    expect(() => removeLocalDraft(refusing, "studio-editor:x")).not.toThrow();
  });
});
