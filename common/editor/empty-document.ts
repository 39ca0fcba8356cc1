/** Elements that are content by themselves, without any text. */
const MEDIA = /<(img|iframe)\b/i;
const TAG = /<(?:[^>"']|"[^"]*"|'[^']*')*>/g;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
/** Whitespace, and the spaces an editor writes as entities (&nbsp;, &#160;, &#xa0;). */
const BLANK = /(?:\s|&nbsp;|&#160;|&#x0*a0;|\u200b|&#8203;|&#x200b;)+/gi;

/**
 * Whether editor HTML holds nothing a reader would see: an empty editor gives "<p></p>", and
 * paragraphs of spaces or line breaks are no more content than that. An image or a video
 * embed on its own is content.
 */
export function isEmptyDocument(html: string): boolean {
  if (MEDIA.test(html)) return false;
  return html.replace(COMMENT, "").replace(TAG, "").replace(BLANK, "") === "";
}
