import * as React from "react";
import { useTagSuggestions as useSuggestionsQuery } from "#app/features/post-editor/api/get-tag-suggestions.ts";
import { normalizeTag } from "#common/tags.ts";
import type { TagCount } from "#common/types/tag.ts";

/** How long typing may pause before the tags in use are asked for. */
const SUGGEST_DELAY_MS = 200;

/**
 * The tag being typed in the tags field's text (after its last comma) and the tags before it.
 */
export function splitTagText(text: string): { done: string[]; typing: string } {
  const parts = text.split(",");
  const typing = normalizeTag(parts.pop() ?? "");
  const done = parts.map(normalizeTag).filter(Boolean);
  return { done, typing };
}

/** The text once `tag` replaces the tag being typed, ready for the next one. */
export function textWithTag(text: string, tag: string): string {
  const { done } = splitTagText(text);
  return `${[...done.filter((existing) => existing !== tag), tag].join(", ")}, `;
}

/**
 * The suggestion list of the tags field (the WAI-ARIA combobox pattern, list autocomplete): the
 * tags in use that contain the tag being typed, less the post's other tags, asked for after a
 * pause in typing; which one is active; and the keys that move through them and take one.
 * `onChoose` gets the field's new text.
 */
export function useTagSuggestions(text: string, onChoose: (text: string) => void) {
  const { done, typing } = splitTagText(text);
  const [asked, setAsked] = React.useState("");
  const [dismissed, setDismissed] = React.useState(true);
  const [active, setActive] = React.useState(-1);

  React.useEffect(() => {
    const timer = setTimeout(() => setAsked(typing), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typing]);

  const query = useSuggestionsQuery(asked);
  const suggestions: TagCount[] =
    typing === "" || asked === ""
      ? []
      : (query.data ?? []).filter((suggestion) => !done.includes(suggestion.tag));
  const open = !dismissed && suggestions.length > 0;

  function close() {
    setDismissed(true);
    setActive(-1);
  }

  function choose(tag: string) {
    onChoose(textWithTag(text, tag));
    close();
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (suggestions.length === 0) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setDismissed(false);
      setActive((current) =>
        !open
          ? step > 0
            ? 0
            : suggestions.length - 1
          : (current + step + suggestions.length) % suggestions.length,
      );
      return;
    }
    if (!open) return;
    const chosen = suggestions[active];
    if (event.key === "Enter" && chosen) {
      event.preventDefault();
      choose(chosen.tag);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  }

  return {
    suggestions,
    open,
    active: open ? Math.min(active, suggestions.length - 1) : -1,
    setActive,
    choose,
    close,
    onKeyDown,
    /** The text was typed: the list opens again, nothing active. */
    onTyped: () => {
      setDismissed(false);
      setActive(-1);
    },
  };
}
