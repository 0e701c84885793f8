// V8's compile hint on the scripts the exported pages load at startup (docs/performance.md).
/** The scripts a page loads at startup: `<script src="…" async="">`, as Next writes its chunks. */
export function startupScripts(html: string): string[] {
  return [...html.matchAll(/<script src="(\/_next\/static\/[^"]+\.js)" async=""><\/script>/g)].map(
    (match) => match[1]!,
  );
}

/**
 * V8's explicit compile hint (Chrome 136+): the functions of a script that starts with it are
 * compiled eagerly, on the thread that streams the script in, instead of lazily on the main
 * thread the first time each is called. Hydration calls nearly all of the startup chunks.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

export function withCompileHint(script: string): string {
  return script.startsWith(COMPILE_HINT) ? script : COMPILE_HINT + script;
}
