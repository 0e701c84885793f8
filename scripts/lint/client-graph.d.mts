// The types of client-graph.mjs, which ESLint's config loads as plain JavaScript.
export function isBuildTime(file: string, base: string): boolean;
export function resolveImport(specifier: string, from: string, base: string): string | null;
export function valueSpecifiers(source: string, fileName?: string): string[];
export function pathToBuildTime(start: string, base: string): string[] | null;
export function isClientModule(source: string): boolean;
export function clientReach(file: string, base: string): string[] | null;
