import * as React from "react";

/**
 * Ctrl+S (Cmd+S on a Mac) saves the post and stays in the editor, instead of the browser's "Save
 * page as": wherever the focus is on the page, the rich-text content included.
 */
export function useKeyboardSave(save: () => void) {
  const latest = React.useRef(save);
  latest.current = save;
  React.useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      if (event.key.toLowerCase() !== "s") return;
      event.preventDefault();
      if (!event.repeat) latest.current();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
