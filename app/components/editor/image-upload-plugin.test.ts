// @vitest-environment happy-dom
import { Editor } from "@tiptap/core";
import { Slice } from "@tiptap/pm/model";
import { afterEach, describe, expect, it, vi } from "vitest";
import { editorExtensions } from "#common/editor/extensions.ts";
import {
  addUploadPlaceholder,
  endUpload,
  imageUploadPlugin,
  uploadPlaceholderPos,
} from "./image-upload-plugin.ts";

// A pasted or dropped image uploads behind a placeholder that is no part of the document and
// moves with the text typed meanwhile; the image then lands exactly there.

let editor: Editor | null = null;

afterEach(() => {
  editor?.destroy();
  editor = null;
});

function newEditor(content: string, onFiles = vi.fn()) {
  editor = new Editor({
    element: document.createElement("div"),
    extensions: editorExtensions(),
    content,
  });
  const plugin = imageUploadPlugin({ onFiles });
  editor.registerPlugin(plugin);
  return { editor, plugin, onFiles };
}

const png = new File([new Uint8Array([1])], "image.png", { type: "image/png" });
const uploaded = { src: "/uploads/0123456789abcdef0123456789abcdef.png", alt: "A creeper" };

describe("upload placeholders", () => {
  it("keep the document free of any image until the upload ends, then hold its place", () => {
    const { editor: instance } = newEditor("<p>Before</p><p>After</p>");
    // The end of "Before".
    addUploadPlaceholder(instance.view, "one", 7, document.createElement("span"));
    expect(instance.getHTML()).toBe("<p>Before</p><p>After</p>");

    // Typing goes on elsewhere: text above the placeholder moves it along.
    instance.commands.insertContentAt(1, "Just ");
    expect(uploadPlaceholderPos(instance.view, "one")).toBe(12);

    endUpload(instance, "one", uploaded);
    expect(instance.getHTML()).toBe(
      `<p>Just Before</p><img src="${uploaded.src}" alt="A creeper"><p>After</p>`,
    );
    expect(uploadPlaceholderPos(instance.view, "one")).toBeNull();
  });

  it("put the image before text typed at the placeholder's own place", () => {
    const { editor: instance } = newEditor("<p>Start</p>");
    addUploadPlaceholder(instance.view, "one", 6, document.createElement("span"));
    instance.commands.insertContentAt(6, " and more");
    endUpload(instance, "one", { ...uploaded, alt: "" });
    expect(instance.getHTML()).toBe(
      `<p>Start</p><img src="${uploaded.src}" alt=""><p> and more</p>`,
    );
  });

  it("leave the cursor where the person is typing", () => {
    const { editor: instance } = newEditor("<p>One</p><p>Two</p>");
    addUploadPlaceholder(instance.view, "one", 4, document.createElement("span"));
    instance.commands.setTextSelection(9);
    endUpload(instance, "one", uploaded);
    const { from } = instance.state.selection;
    expect(instance.state.doc.textBetween(from - 3, from)).toBe("Two");
  });

  it("drop an image whose place was deleted meanwhile, and a failed upload's placeholder", () => {
    const { editor: instance } = newEditor("<p>Gone soon</p><p>Stays</p>");
    addUploadPlaceholder(instance.view, "deleted", 5, document.createElement("span"));
    addUploadPlaceholder(instance.view, "failed", 13, document.createElement("span"));
    instance.commands.deleteRange({ from: 1, to: 10 });
    expect(uploadPlaceholderPos(instance.view, "deleted")).toBeNull();
    endUpload(instance, "deleted", uploaded);
    endUpload(instance, "failed");
    expect(uploadPlaceholderPos(instance.view, "failed")).toBeNull();
    expect(instance.getHTML()).toBe("<p></p><p>Stays</p>");
  });

  it("add no undo step of their own: one undo takes the image out again", () => {
    const { editor: instance } = newEditor("<p>Text</p>");
    addUploadPlaceholder(instance.view, "one", 5, document.createElement("span"));
    endUpload(instance, "one", uploaded);
    expect(instance.getHTML()).toContain("<img");
    instance.commands.undo();
    expect(instance.getHTML()).toBe("<p>Text</p>");
  });
});

describe("pasting and dropping files", () => {
  function clipboard(files: File[], html = "") {
    return { files, getData: (type: string) => (type === "text/html" ? html : "") };
  }

  it("hands a pasted file over at the cursor, replacing the selection", () => {
    const { editor: instance, plugin, onFiles } = newEditor("<p>Replace me</p>");
    instance.commands.setTextSelection({ from: 1, to: 8 });
    const event = { clipboardData: clipboard([png]) } as unknown as ClipboardEvent;
    const handled = plugin.props.handlePaste?.call(plugin, instance.view, event, Slice.empty);
    expect(handled).toBe(true);
    expect(onFiles).toHaveBeenCalledWith([png], 1);
    expect(instance.getHTML()).toBe("<p> me</p>");
  });

  it("leaves a paste with text to the editor", () => {
    const { editor: instance, plugin, onFiles } = newEditor("<p>Text</p>");
    const event = {
      clipboardData: clipboard([png], "<p>Copied words</p>"),
    } as unknown as ClipboardEvent;
    expect(plugin.props.handlePaste?.call(plugin, instance.view, event, Slice.empty)).toBe(false);
    expect(onFiles).not.toHaveBeenCalled();
  });

  it("takes files dropped from outside, and leaves a move inside the editor alone", () => {
    const { editor: instance, plugin, onFiles } = newEditor("<p>Text</p>");
    const drop = { dataTransfer: { files: [png] }, clientX: 0, clientY: 0 } as unknown as DragEvent;
    expect(plugin.props.handleDrop?.call(plugin, instance.view, drop, Slice.empty, true)).toBe(
      false,
    );
    expect(plugin.props.handleDrop?.call(plugin, instance.view, drop, Slice.empty, false)).toBe(
      true,
    );
    expect(onFiles).toHaveBeenCalledTimes(1);
    expect(onFiles.mock.calls[0]?.[0]).toEqual([png]);
    const noFiles = { dataTransfer: { files: [] } } as unknown as DragEvent;
    expect(plugin.props.handleDrop?.call(plugin, instance.view, noFiles, Slice.empty, false)).toBe(
      false,
    );
  });
});
