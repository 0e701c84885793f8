export type Fields = { msg: string } & Record<string, unknown>;
export type Log = Record<'info' | 'warn' | 'error', (fields: Fields) => void>;

/** One JSON object per line; callers pass ids and reasons, never secrets or e-mail addresses. */
export function createLog(
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Log {
  const at = (level: string) => (fields: Fields) =>
    write(JSON.stringify({ time: new Date().toISOString(), level, ...fields }));
  return { info: at('info'), warn: at('warn'), error: at('error') };
}
