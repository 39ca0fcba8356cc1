import type { Editor } from "@tiptap/core";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { Decoration, DecorationSet, type EditorView } from "@tiptap/pm/view";
import { pastedFilesToUpload } from "#app/lib/image-file.ts";

/**
 * Images put into a post's content by pasting or dropping a file: while a file uploads, a
 * placeholder (a widget decoration, not part of the document) marks where its image will go, so
 * the content never holds a broken image and typing goes on around it. The placeholder moves
 * with the text as it is edited; when the upload answers, the image takes its place.
 */

type PlaceholderAction =
  | { add: { id: string; pos: number; dom: HTMLElement } }
  | { remove: string };

export const imageUploadKey = new PluginKey<DecorationSet>("imageUploads");

export type ImageUploadPluginOptions = {
  /** Files pasted or dropped into the content, and the position they go to. */
  onFiles: (files: File[], pos: number) => void;
};

export function imageUploadPlugin({ onFiles }: ImageUploadPluginOptions): Plugin<DecorationSet> {
  return new Plugin<DecorationSet>({
    key: imageUploadKey,
    state: {
      init: () => DecorationSet.empty,
      apply(tr, set) {
        let next = set.map(tr.mapping, tr.doc);
        const action = tr.getMeta(imageUploadKey) as PlaceholderAction | undefined;
        if (action && "add" in action) {
          const { id, pos, dom } = action.add;
          // Drawn before text typed at the same place, which then follows the image.
          const widget = Decoration.widget(pos, dom, { id, side: -1, ignoreSelection: true });
          next = next.add(tr.doc, [widget]);
        } else if (action) {
          next = next.remove(next.find(undefined, undefined, (spec) => spec.id === action.remove));
        }
        return next;
      },
    },
    props: {
      decorations: (state) => imageUploadKey.getState(state),
      handlePaste(view, event) {
        const data = event.clipboardData;
        if (!data) return false;
        const files = pastedFilesToUpload(Array.from(data.files), data.getData("text/html"));
        if (files.length === 0) return false;
        // A paste replaces the selection, as pasted text would.
        if (!view.state.selection.empty) view.dispatch(view.state.tr.deleteSelection());
        onFiles(files, view.state.selection.from);
        return true;
      },
      handleDrop(view, event, _slice, moved) {
        // A drag inside the editor moves content; only files from outside are uploaded.
        if (moved) return false;
        const files = Array.from(event.dataTransfer?.files ?? []);
        if (files.length === 0) return false;
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
        onFiles(files, at?.pos ?? view.state.selection.from);
        return true;
      },
    },
  });
}

/** Shows `dom` at `pos` until the upload `id` ends. */
export function addUploadPlaceholder(view: EditorView, id: string, pos: number, dom: HTMLElement) {
  const action: PlaceholderAction = { add: { id, pos, dom } };
  view.dispatch(view.state.tr.setMeta(imageUploadKey, action));
}

/** Where the placeholder of upload `id` is now; null once the text around it was deleted. */
export function uploadPlaceholderPos(view: EditorView, id: string): number | null {
  const set = imageUploadKey.getState(view.state);
  const [found] = set?.find(undefined, undefined, (spec) => spec.id === id) ?? [];
  return found ? found.from : null;
}

/**
 * Ends upload `id`: with `image`, the image takes the placeholder's place (one undo step, the
 * person's cursor left where it is); without, the placeholder just goes. An image whose place
 * was deleted while it uploaded is not inserted: the person removed it.
 */
export function endUpload(editor: Editor, id: string, image?: { src: string; alt: string }) {
  if (editor.isDestroyed) return;
  const pos = uploadPlaceholderPos(editor.view, id);
  const action: PlaceholderAction = { remove: id };
  const chain = editor.chain().setMeta(imageUploadKey, action);
  if (image && pos !== null) {
    chain.insertContentAt(pos, { type: "image", attrs: image }, { updateSelection: false });
  }
  chain.run();
}
