import type { DestinationStream } from "pino";

/** One line of the server's JSON log, as tests read it. */
export type LogLine = {
  level: number;
  msg: string;
  req?: { id: string; method: string; url: string };
  res?: { statusCode: number };
  durationMs?: number;
  err?: { message: string; stack: string };
  reqId?: string;
};

/** A log destination (for setLogDestination or createLogger) that keeps each line, parsed. */
export function logLinesInto(lines: LogLine[]): DestinationStream {
  return {
    write: (line: string) => {
      lines.push(JSON.parse(line) as LogLine);
    },
  };
}
