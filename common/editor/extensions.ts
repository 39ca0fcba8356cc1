import type { Extensions } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import Link from "@tiptap/extension-link";
import Youtube from "@tiptap/extension-youtube";
import StarterKit from "@tiptap/starter-kit";
import {
  EDITOR_HEADING_LEVELS,
  isAllowedImageSrc,
  isAllowedLinkHref,
  isSiteLink,
} from "./allowed-html.ts";
import { ImageGallery, MarketplaceCard } from "./embed-nodes.ts";

/**
 * Undo history (docs/product/editor.md#editor): steps kept, and the pause that starts a new step.
 */
export const EDITOR_HISTORY = { depth: 100, newGroupDelay: 500 } as const;

export type EditorExtensionOptions = {
  /**
   * The site's public origin (SITE_URL): absolute links to it stay inside the site, as the
   * server's sanitizer judges them. Without it only relative links do.
   */
  siteUrl?: string | null;
};

/** A link that leaves the site opens in a new tab; mailto: and links inside the site do not. */
export function linkOpensNewTab(href: string, siteUrl?: string | null): boolean {
  return !/^\s*mailto:/i.test(href) && !isSiteLink(href, siteUrl);
}

/**
 * Links limited to http, https, mailto and paths on this site
 * (docs/product/departures.md#link-button-and-alt-text). Each link is written with exactly the
 * target and rel the server's sanitizer gives it, whatever the pasted or loaded markup said, so
 * saved content comes back from the server unchanged.
 */
function siteLink(siteUrl: string | null) {
  return Link.extend({
    renderHTML({ HTMLAttributes }) {
      const href = typeof HTMLAttributes.href === "string" ? HTMLAttributes.href : "";
      if (!isAllowedLinkHref(href)) return ["span", {}, 0];
      const attributes: Record<string, string> = { href };
      if (typeof HTMLAttributes.title === "string" && HTMLAttributes.title !== "") {
        attributes.title = HTMLAttributes.title;
      }
      if (linkOpensNewTab(href, siteUrl)) {
        attributes.target = "_blank";
        attributes.rel = "noopener noreferrer";
      }
      return ["a", attributes, 0];
    },
  }).configure({
    openOnClick: false,
    autolink: true,
    linkOnPaste: true,
    defaultProtocol: "https",
    isAllowedUri: (url) => isAllowedLinkHref(url),
    HTMLAttributes: { target: null, rel: null, class: null },
  });
}

/** Pixel sizes only; anything else in a pasted width or height is dropped. */
function pixelSize(value: string | null): string | null {
  return value !== null && /^\d{1,5}$/.test(value) ? value : null;
}

/**
 * Images from http(s) addresses or this site's uploads only, with alt text
 * (docs/product/departures.md#link-button-and-alt-text).
 */
const SafeImage = Image.extend({
  addAttributes() {
    return {
      src: { default: null },
      alt: { default: null },
      title: { default: null },
      width: { default: null, parseHTML: (element) => pixelSize(element.getAttribute("width")) },
      height: { default: null, parseHTML: (element) => pixelSize(element.getAttribute("height")) },
    };
  },
  parseHTML() {
    return [
      {
        tag: "img[src]",
        getAttrs: (element) =>
          isAllowedImageSrc(element.getAttribute("src") ?? "") ? null : false,
      },
    ];
  },
}).configure({ inline: false, allowBase64: false });

/**
 * The rich-text editor's extensions: the toolbar of docs/product/editor.md#editor (bold, italic,
 * headings 1 to 3, bullet and ordered lists, blockquote, inline code, undo and redo) plus links,
 * images with alt text, YouTube embeds, marketplace item cards and image galleries
 * (docs/decisions/041-embed-cards.md). The server's sanitizer allows exactly the HTML these
 * write (allowed-html.ts); what StarterKit offers beyond that (code blocks, rules, strike,
 * underline) is switched off, so it can be neither typed nor pasted.
 */
export function editorExtensions({ siteUrl = null }: EditorExtensionOptions = {}): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [...EDITOR_HEADING_LEVELS] },
      undoRedo: { ...EDITOR_HISTORY },
      codeBlock: false,
      horizontalRule: false,
      strike: false,
      underline: false,
      link: false,
    }),
    siteLink(siteUrl),
    SafeImage,
    Youtube.configure({ nocookie: true, controls: true, addPasteHandler: true }),
    MarketplaceCard,
    ImageGallery,
  ];
}
