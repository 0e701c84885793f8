import { z } from 'zod';
import {
  contentFiles,
  contentFolders,
  contentGroups,
  type ContentFolder,
} from '@/lib/content/files';
import { readSettings, type Env } from '@/lib/settings';

/**
 * The Decap CMS configuration, made from the content schemas (lib/content/files.ts): every content
 * file is a file entry of its group's collection, and every field's widget, label, hint and rules
 * (required, pattern, min/max, number type, list length, select options) come from its schema,
 * through zod's JSON Schema and the `cms` metadata the schemas carry. So the editor cannot drift
 * from what the build accepts; what it cannot check (a price's two decimals, a pack named twice)
 * the build still refuses, naming the file and field.
 */

/** A Decap field (decapcms.org/docs/widgets). */
export type CmsField = { name: string; label: string; widget: string } & Record<string, unknown>;

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: string[];
  const?: string;
  propertyNames?: JsonSchema;
  additionalProperties?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  cms?: Record<string, unknown>;
};

/** "whatsIncluded" → "Whats included"; "thankYou" → "Thank you". */
export function labelOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

/** The field a list entry is summarised by when collapsed: its name, title, label or the like. */
const summaryKeys = ['name', 'title', 'couple', 'label', 'heading', 'alt'];

function unsupported(path: string, what: string): never {
  throw new Error(`lib/cms/config.ts cannot make a CMS field for ${path}: ${what}`);
}

function objectFields(node: JsonSchema, path: string, skip: string[] = []): CmsField[] {
  if (node.propertyNames?.enum && node.additionalProperties) {
    // A record with fixed keys (galleries' collections): one field per key.
    return node.propertyNames.enum.map((key) =>
      toField(key, node.additionalProperties!, true, `${path}.${key}`),
    );
  }
  if (!node.properties) unsupported(path, 'an object without properties');
  return Object.entries(node.properties)
    .filter(([name]) => !skip.includes(name))
    .map(([name, child]) =>
      toField(name, child, node.required?.includes(name) ?? false, `${path}.${name}`),
    );
}

function listField(base: CmsField, node: JsonSchema, path: string): CmsField {
  const items = node.items ?? unsupported(path, 'a list without items');
  const variants = items.oneOf ?? items.anyOf;
  if (variants) {
    // A list of kinds told apart by one key (services' "kind", header links' "type").
    const key = Object.keys(variants[0]?.properties ?? {}).find((name) =>
      variants.every((variant) => variant.properties?.[name]?.const !== undefined),
    );
    if (!key) unsupported(path, 'a list of variants without a key that tells them apart');
    return {
      ...base,
      widget: 'list',
      ...lengthOf(node),
      typeKey: key,
      collapsed: true,
      types: variants.map((variant) => {
        const kind = variant.properties![key]!.const!;
        return {
          name: kind,
          label: labelOf(kind),
          widget: 'object',
          summary: summaryOf(variant),
          fields: objectFields(variant, `${path}[${kind}]`, [key]),
        };
      }),
    };
  }
  if (items.type === 'object') {
    return {
      ...base,
      widget: 'list',
      ...lengthOf(node),
      collapsed: true,
      summary: summaryOf(items),
      fields: objectFields(items, `${path}[]`),
    };
  }
  // A list of single values (paragraphs, sizes): Decap stores it as a plain array.
  return {
    ...base,
    widget: 'list',
    ...lengthOf(node),
    field: toField('item', items, true, `${path}[]`),
  };
}

function summaryOf(node: JsonSchema): string | undefined {
  const key = summaryKeys.find((name) => node.properties?.[name]?.type === 'string');
  if (key) return `{{fields.${key}}}`;
  const image = Object.entries(node.properties ?? {}).find(([, child]) => child.properties?.alt);
  return image ? `{{fields.${image[0]}.alt}}` : undefined;
}

/**
 * A field that may be left empty. Decap checks an empty object's fields as if it were filled in,
 * at every depth, so an optional object's own fields are optional too, and theirs (a journal
 * post's film and the film's poster, say: else a post without a film cannot be saved); the build
 * still refuses one half filled.
 */
function optional(field: CmsField): CmsField {
  const fields = field.fields as CmsField[] | undefined;
  return {
    ...field,
    required: false,
    ...(field.widget === 'object' && fields && { fields: fields.map(optional) }),
  };
}

function toField(name: string, node: JsonSchema, required: boolean, path: string): CmsField {
  const nullable = node.anyOf?.find((option) => option.type !== 'null');
  if (nullable && node.anyOf!.some((option) => option.type === 'null')) {
    return optional(
      toField(name, { ...nullable, cms: { ...nullable.cms, ...node.cms } }, true, path),
    );
  }
  // Not required: left out of the schema's `required`, as a field with a default ([]) is.
  if (!required) return optional(toField(name, node, true, path));
  const { cms = {} } = node;
  const base: CmsField = { name, label: labelOf(name), widget: 'string', required: true };
  if (typeof cms.widget === 'string' && cms.widget !== 'text' && cms.widget !== 'image') {
    // A widget of its own (relation, datetime, file): its options are all in the metadata.
    return { ...base, ...lengthOf(node), ...cms } as CmsField;
  }
  switch (node.type) {
    case 'string':
      if (node.enum) return { ...base, widget: 'select', options: node.enum, ...cms };
      return { ...base, ...cms } as CmsField;
    case 'number':
    case 'integer':
      return {
        ...base,
        widget: 'number',
        value_type: node.type === 'integer' ? 'int' : 'float',
        ...(node.minimum !== undefined && { min: node.minimum }),
        ...(node.maximum !== undefined && { max: node.maximum }),
        ...cms,
      };
    case 'boolean':
      return { ...base, widget: 'boolean', ...cms };
    case 'object':
      return {
        ...base,
        widget: 'object',
        collapsed: false,
        fields: objectFields(node, path),
        ...cms,
      };
    case 'array':
      return { ...listField(base, node, path), ...cms };
    default:
      return unsupported(path, `a value of type ${JSON.stringify(node.type ?? node)}`);
  }
}

/** A list's bounds, as Decap's list and relation widgets take them. */
function lengthOf(node: JsonSchema) {
  return {
    ...(node.minItems !== undefined && { min: node.minItems }),
    ...(node.maxItems !== undefined && { max: node.maxItems }),
  };
}

/** The JSON Schema of what a file may hold (its input, before the schemas' transforms). */
function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The fields of one content file's form. */
export function fieldsOf(schema: z.ZodType, file: string): CmsField[] {
  return objectFields(jsonSchemaOf(schema), file);
}

export type CmsSettings = {
  /** The Git host the production editor commits to (README, "Editing in the browser"). */
  backend: Record<string, unknown>;
  /** Drafts as pull requests with deploy previews, or commits at once (lib/settings.ts). */
  publishMode: 'editorial_workflow' | 'simple';
  /** decap-server's address for local editing (`npm run cms`). */
  localBackendUrl: string;
  siteUrl: string;
};

/** Decap's whole configuration, for CMS.init({ config }). */
export function cmsConfig({ backend, publishMode, localBackendUrl, siteUrl }: CmsSettings) {
  const files = Object.entries(contentFiles);
  /** Decap's `preview_path` is relative to the preview's address. */
  const previewPath = (page: string) => page.replace(/^\//, '');
  return {
    load_config_file: false,
    backend,
    // Decap falls back to simple mode where the backend has no drafts (decap-server on files).
    publish_mode: publishMode,
    show_preview_links: true,
    // On localhost, Decap edits the files on disk through decap-server when it is running.
    local_backend: { url: localBackendUrl },
    site_url: siteUrl,
    display_url: siteUrl,
    // Uploads go to media/uploads/; the content names them as the build expects, relative to media/.
    media_folder: 'media/uploads',
    public_folder: 'uploads',
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections: [
      ...Object.entries(contentGroups).map(([group, label]) => ({
        name: group,
        label,
        format: 'json',
        extension: 'json',
        editor: { preview: true },
        files: files
          .filter(([, entry]) => entry.group === group)
          .map(([name, entry]) => ({
            name,
            label: entry.label,
            file: entry.file,
            preview_path: previewPath(entry.page),
            fields: fieldsOf(entry.schema, entry.file),
          })),
      })),
      // The content folders (lib/content/files.ts): one file per entry, JSON or Markdown with
      // front matter (whose body is the last field).
      ...Object.entries(contentFolders).map(([name, entry]: [string, ContentFolder]) => {
        const { editor } = entry;
        return {
          name,
          label: entry.label,
          label_singular: entry.singular,
          folder: entry.folder,
          create: editor.create,
          delete: editor.delete,
          ...(entry.format === 'markdown'
            ? { extension: 'md', format: 'frontmatter' }
            : { extension: 'json', format: 'json' }),
          ...(editor.slug ? { slug: editor.slug } : {}),
          identifier_field: editor.identifier,
          preview_path: previewPath(entry.page),
          summary: entry.summary,
          sortable_fields: editor.newestFirst
            ? entry.sortBy.map((field, index) =>
                index === 0 ? { field, default_sort: 'desc' } : field,
              )
            : entry.sortBy,
          editor: { preview: editor.preview },
          fields: [
            ...fieldsOf(entry.schema, entry.folder),
            ...(editor.body
              ? [{ name: 'body', label: editor.body, widget: 'markdown', required: true }]
              : []),
          ],
        };
      }),
    ],
  };
}

/**
 * The CMS settings of a build's environment (.env.example): the Git host of the production editor
 * and decap-server's address for local editing.
 */
export function cmsSettings(env: Env, siteUrl: string): CmsSettings {
  const settings = readSettings(env);
  const optional = (key: string, value: string) => (value ? { [key]: value } : {});
  return {
    backend: {
      name: settings.CMS_BACKEND,
      repo: settings.CMS_REPO,
      branch: settings.CMS_BRANCH,
      ...optional('base_url', settings.CMS_AUTH_URL),
      ...optional('api_root', settings.CMS_API_ROOT),
      ...(settings.CMS_APP_ID ? { app_id: settings.CMS_APP_ID, auth_type: 'pkce' } : {}),
    },
    publishMode: settings.CMS_PUBLISH_MODE,
    localBackendUrl: settings.CMS_LOCAL_BACKEND_URL,
    siteUrl,
  };
}

/** Where each Git backend's API answers unless `api_root` says otherwise. */
export const apiRoots: Record<string, string> = {
  github: 'https://api.github.com',
  gitlab: 'https://gitlab.com/api/v4',
};

/** The origins the editor talks to: the Git host's API and, on localhost, decap-server. */
export function cmsConnectOrigins({ backend, localBackendUrl }: CmsSettings): string[] {
  const api = String(backend.api_root ?? apiRoots[String(backend.name)] ?? '');
  return [...new Set([api, localBackendUrl].filter(Boolean).map((url) => new URL(url).origin))];
}
