/** Hands a file to the browser's downloads under this name (an `a[download]` click). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; keep it a moment longer for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
