import * as React from "react";
import { useFormContext, useFormState } from "react-hook-form";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { type PostEditorValues, parseTags } from "#app/features/post-editor/post-form.ts";
import { cn } from "#app/lib/cn.ts";
import { useTagSuggestions } from "./use-tag-suggestions.ts";

/**
 * Tags typed as one line, separated by commas; each is shown with "#" on the post page. While a
 * tag is typed, the tags already in use that contain it are offered below the field (a combobox
 * with a list of suggestions: arrow keys move through them, Enter or a click takes one, Escape
 * closes the list); the post's other tags are not offered again.
 */
export function TagsField() {
  const form = useFormContext<PostEditorValues>();
  const id = React.useId();
  const [text, setText] = React.useState(() => form.getValues("tags").join(", "));
  const { errors: formErrors } = useFormState({ control: form.control, name: "tags" });
  const errors = formErrors.tags;
  const message =
    errors?.message ??
    (Array.isArray(errors) ? errors.find((entry) => entry?.message)?.message : undefined);
  const inputRef = React.useRef<HTMLInputElement>(null);
  const listId = `${id}-suggestions`;

  function change(next: string) {
    setText(next);
    form.setValue("tags", parseTags(next), { shouldDirty: true });
  }

  const combobox = useTagSuggestions(text, (next) => {
    change(next);
    inputRef.current?.focus();
  });
  const activeId = combobox.active >= 0 ? `${listId}-${combobox.active}` : undefined;

  return (
    <div data-slot="form-field">
      <Label htmlFor={`${id}-input`}>Tags</Label>
      <div className="relative">
        <Input
          ref={inputRef}
          id={`${id}-input`}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={combobox.open}
          aria-controls={listId}
          aria-activedescendant={combobox.open ? activeId : undefined}
          autoComplete="off"
          value={text}
          placeholder="worlds, update"
          onChange={(event) => {
            change(event.target.value);
            combobox.onTyped();
          }}
          onKeyDown={combobox.onKeyDown}
          onBlur={combobox.close}
          aria-describedby={`${id}-help${message ? ` ${id}-error` : ""}`}
          aria-invalid={message ? true : undefined}
        />
        <div
          id={listId}
          role="listbox"
          aria-label="Tag suggestions"
          hidden={!combobox.open}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-md bg-night-900 py-1 shadow-xl ring-1 ring-night-600"
        >
          {combobox.suggestions.map((suggestion, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses from the combobox's field (aria-activedescendant), never from the option
            <div
              key={suggestion.tag}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === combobox.active}
              // Keeps the focus in the field, so the list does not close before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => combobox.choose(suggestion.tag)}
              onMouseEnter={() => combobox.setActive(index)}
              className={cn(
                "flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm text-zinc-100",
                index === combobox.active && "bg-night-700",
              )}
            >
              <span className="min-w-0 break-words">#{suggestion.tag}</span>
              <span className="shrink-0 text-xs text-zinc-400">
                {suggestion.posts === 1 ? "1 post" : `${suggestion.posts} posts`}
              </span>
            </div>
          ))}
        </div>
      </div>
      <p id={`${id}-help`} className="mt-1.5 text-xs text-zinc-400">
        Separated by commas; each is shown with # on the post page.
      </p>
      {message ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-redstone-400">
          {message}
        </p>
      ) : null}
    </div>
  );
}
