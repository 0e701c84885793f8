import 'client-only';

const RELOADED_KEY = 'chunk-reload';

/** Whether an error says a script chunk could not be loaded (typically after a redeploy). */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return (
    name === 'ChunkLoadError' ||
    (typeof message === 'string' &&
      /Loading chunk [\w-]+ failed|Failed to load chunk|ChunkLoadError|Failed to fetch dynamically imported module/i.test(
        message,
      ))
  );
}

/**
 * Reloads the page once for a chunk that failed to load, so a visitor caught by a redeploy gets
 * the new version instead of a dead page. A second failure on the same page is left to the error
 * page, so a broken deploy cannot loop.
 */
export function reloadOnceFor(error: unknown, storage: Storage, reload: () => void): boolean {
  if (!isChunkLoadError(error)) return false;
  const page = window.location.pathname;
  if (storage.getItem(RELOADED_KEY) === page) return false;
  storage.setItem(RELOADED_KEY, page);
  reload();
  return true;
}
