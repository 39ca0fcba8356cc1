/**
 * Reads CSV text as RFC 4180 writes it (and as spreadsheets and mailing-list tools export it):
 * fields separated by commas (or by semicolons or tabs, when the first line uses those instead),
 * optionally enclosed in double quotes with doubled quotes inside, records ending with CRLF or
 * LF, a UTF-8 byte-order mark ignored. Pure, so the browser could read a file the same way.
 */

/** One record and the line of the file it starts on (1 for the first line). */
export type CsvRecord = { line: number; fields: string[] };

/** The separator a file uses, judged from its first line outside quotes. */
function separatorOf(text: string): string {
  const end = text.search(/\r?\n/);
  const first = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, "");
  const counts = [",", ";", "\t"].map((sep) => [sep, first.split(sep).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ",";
}

/** Every record of the text, blank lines left out. */
export function readCsv(input: string): CsvRecord[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const sep = separatorOf(text);
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== "") records.push({ line: recordLine, fields });
    fields = [];
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    if (quoted) {
      if (char === '"') {
        if (text.charAt(i + 1) === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (char === "\n") line++;
        field += char;
      }
    } else if (char === '"' && field === "") {
      quoted = true;
    } else if (char === sep) {
      fields.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text.charAt(i + 1) === "\n") i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += char;
    }
  }
  if (field !== "" || fields.length > 0) endRecord();
  return records;
}
