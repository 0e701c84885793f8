/** Fills in a content text's {placeholders}: fillIn('Remove {name}', { name: 'Awaken' }). */
export function fillIn(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}
