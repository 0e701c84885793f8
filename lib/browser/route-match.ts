import 'client-only';

function normalize(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a malformed escape is compared as it is
  }
  const trimmed = decoded.replace(/\/index\.html$/i, '').replace(/\/+$/, '');
  return (trimmed || '/').toLowerCase();
}

/**
 * The registered route a mistyped path means, compared without case and trailing slash
 * (/Weddings/wed1 -> /weddings/Wed1/), or null when none matches or it is already that route.
 */
export function matchRoute(pathname: string, routes: readonly string[]): string | null {
  const wanted = normalize(pathname);
  const match = routes.find((route) => normalize(route) === wanted);
  return match && match !== pathname ? match : null;
}
