// GitHub's published REST description (./openapi/rest.json), compiled per operation: what the
// fake checks each request body and each of its own answers against.
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

type Operation = {
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
};
/** OpenAPI 3.0's `nullable` beside no `type` (which Ajv refuses) as JSON Schema says it. */
const nullable = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(nullable);
  if (!node || typeof node !== 'object') return node;
  const { nullable: orNull, ...rest } = node as Record<string, unknown>;
  const schema = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, nullable(value)]),
  );
  if (orNull !== true) return schema;
  return schema.type === undefined
    ? { anyOf: [schema, { type: 'null' }] }
    : { ...schema, nullable: true };
};
const description = nullable(
  JSON.parse(readFileSync(new URL('./openapi/rest.json', import.meta.url), 'utf8')),
) as { paths: Record<string, Record<string, Operation>> };

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
// GitHub's own format: a repository's owner/name.
ajv.addFormat('repo.nwo', /^[\w.-]+\/[\w.-]+$/);
const compiled = new Map<string, ValidateFunction>();
/** The schema of an operation's request body, or of one of its answers, compiled once. */
export function schemaOf(path: string, method: string, status?: number): ValidateFunction | null {
  const key = `${method} ${path} ${status ?? 'request'}`;
  if (!compiled.has(key)) {
    const operation = description.paths[path]?.[method];
    if (!operation) throw new Error(`rest.json has no ${method} ${path}`);
    const content =
      status === undefined
        ? operation.requestBody?.content
        : operation.responses[String(status)]?.content;
    const schema = content?.['application/json']?.schema;
    compiled.set(key, schema ? ajv.compile(schema) : (null as unknown as ValidateFunction));
  }
  return compiled.get(key) ?? null;
}

/** What a check refused, in Ajv's words. */
export const errorsText = (check: ValidateFunction) => ajv.errorsText(check.errors);
