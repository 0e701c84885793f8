/** The spec's preset slug rule: the name lowercased, its first space turned into a hyphen. */
export function presetSlug(name: string): string {
  return name.toLowerCase().replace(' ', '-');
}
