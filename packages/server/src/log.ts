/** Structured logs: one JSON object per line. Never tokens, seeds or hidden game values. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

export function jsonLogger(write: (line: string) => void = (l) => process.stdout.write(l)): Logger {
  const at =
    (level: string) =>
    (msg: string, fields: LogFields = {}) =>
      write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }) + '\n');
  return { info: at('info'), warn: at('warn'), error: at('error') };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
