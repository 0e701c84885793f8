/**
 * The preset slug rule the first addresses were made by: the name lowercased, its first space turned into a hyphen. Names
 * of three words or more (none of the first packs) would keep a space, which no address may hold: every
 * other run of characters outside a-z and 0-9 becomes a hyphen too, so the rule always gives a
 * slug the content schema accepts.
 */
export function presetSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(' ', '-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
