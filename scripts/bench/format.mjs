// How the benchmark prints: steps, sizes, Markdown tables and verdict lines.

export function step(message) {
  console.log(`\n» ${message}`);
}

export function formatBytes(bytes) {
  return bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`;
}

export function formatMb(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

/** "9.1 KB br (41.1 KB)": bytes on the wire, their encoding, and the decoded size. */
export function describeBody(probe) {
  if (!probe.encoding) return formatBytes(probe.bytes);
  return `${formatBytes(probe.bytes)} ${probe.encoding} (${formatBytes(probe.decodedBytes)})`;
}

/** A Markdown table, columns padded to line up. */
export function printRows(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  console.log(line(header));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const row of rows) console.log(line(row));
}

/** One verdict line: ok, NOT MET, or n/a (null: could not be judged in this run). */
export function verdict(ok, what, detail = "") {
  const label = ok === null ? "n/a    " : ok ? "ok     " : "NOT MET";
  console.log(`  ${label} ${what}${detail ? `: ${detail}` : ""}`);
}

export function redact(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable URL)";
  }
}
