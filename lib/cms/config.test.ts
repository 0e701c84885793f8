/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import presets from '@/content/presets.json' with { type: 'json' };
import { rawContent, reviews } from '@/lib/content';
import { contentFiles, contentFolders, type ContentFolder } from '@/lib/content/files';
import { folderFiles } from '@/lib/content/content.generated';
import { allRoutes } from '@/lib/routes';
import { cmsConfig, cmsConnectOrigins, cmsSettings, fieldsOf, type CmsField } from './config';

const settings = cmsSettings({}, 'https://www.saanjhstudio.example');
const config = cmsConfig(settings);
const entries = config.collections.flatMap((collection) =>
  'files' in collection ? collection.files : [],
);

/** What a widget stores: the kind of JSON value a content file must hold for it. */
const stores: Record<string, string> = {
  string: 'string',
  text: 'string',
  markdown: 'string',
  image: 'string',
  file: 'string',
  select: 'string',
  datetime: 'string',
  number: 'number',
  boolean: 'boolean',
  object: 'object',
  list: 'array',
  relation: 'array',
};
const kindOf = (value: unknown) =>
  Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;

/**
 * Every difference between a content value and the form the CMS shows for it: a key without a
 * field, a required field without a value, a value of another kind than its widget stores.
 */
function drift(fields: CmsField[], data: Record<string, unknown>, at: string): string[] {
  const known = new Set(fields.map((field) => field.name));
  const strays = Object.keys(data)
    .filter((key) => !known.has(key))
    .map((key) => `${at}.${key} has no field`);
  return [
    ...strays,
    ...fields.flatMap((field) => driftOf(field, data[field.name], `${at}.${field.name}`)),
  ];
}

function driftOf(field: CmsField, value: unknown, at: string): string[] {
  if (value === undefined || value === null) {
    return field.required === false ? [] : [`${at} is required but missing`];
  }
  // A relation stores a list when it picks several, else the one value.
  const stored = field.widget === 'relation' && !field.multiple ? 'string' : stores[field.widget];
  if (kindOf(value) !== stored) {
    return [`${at} holds a ${kindOf(value)}, but its ${field.widget} widget stores a ${stored}`];
  }
  if (field.widget === 'object') {
    return drift(field.fields as CmsField[], value as Record<string, unknown>, at);
  }
  if (field.widget !== 'list') return [];
  const items = value as unknown[];
  return items.flatMap((item, index) => {
    const where = `${at}[${index}]`;
    if (field.field) return driftOf(field.field as CmsField, item, where);
    const record = item as Record<string, unknown>;
    if (field.types) {
      const type = (field.types as CmsField[]).find(
        (candidate) => candidate.name === record[field.typeKey as string],
      );
      if (!type)
        return [
          `${where} has no type of ${String(field.typeKey)} "${String(record[field.typeKey as string])}"`,
        ];
      const rest = Object.fromEntries(
        Object.entries(record).filter(([key]) => key !== field.typeKey),
      );
      return drift(type.fields as CmsField[], rest, where);
    }
    return drift(field.fields as CmsField[], record, where);
  });
}

/** An entry as the editor holds it: a JSON file's data, or a Markdown file's front matter and body. */
function entryData(entry: unknown): Record<string, unknown> {
  if (typeof entry !== 'string') return entry as Record<string, unknown>;
  const [, facts = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(entry) ?? [];
  return { ...(parseYaml(facts) as Record<string, unknown>), body };
}

const field = (fields: CmsField[], path: string): CmsField =>
  path.split('.').reduce<CmsField>(
    (found, name) => {
      const inner = (found.fields ?? (found.field ? [found.field] : [])) as CmsField[];
      const next = inner.find((candidate) => candidate.name === name);
      if (!next) throw new Error(`no field ${name} in ${found.name}`);
      return next;
    },
    { name: '(file)', label: '', widget: 'object', fields },
  );

describe('the CMS configuration', () => {
  test('edits every content file, each once, as JSON in its own path', () => {
    expect(entries.map((entry) => entry.file).sort()).toEqual(
      Object.values(contentFiles)
        .map((entry) => entry.file)
        .sort(),
    );
    for (const collection of config.collections) {
      if ('files' in collection) expect(collection.format).toBe('json');
    }
  });

  test('has a field for every value of every content file, of the kind the file holds', () => {
    for (const entry of entries) {
      expect(
        drift(
          entry.fields,
          rawContent[entry.name as keyof typeof rawContent] as Record<string, unknown>,
          entry.file,
        ),
      ).toEqual([]);
    }
  });

  test('lists each content folder as a collection of its own, every file matching its form', () => {
    const folders: [string, ContentFolder][] = Object.entries(contentFolders);
    for (const [name, folder] of folders) {
      const collection = config.collections.find((c) => c.name === name) as {
        folder: string;
        fields: CmsField[];
        create: boolean;
        sortable_fields: unknown[];
      };
      expect(collection).toMatchObject({
        folder: folder.folder,
        create: folder.editor.create,
        format: folder.format === 'markdown' ? 'frontmatter' : 'json',
      });
      if (folder.editor.newestFirst) {
        expect(collection.sortable_fields[0]).toEqual({
          field: folder.sortBy[0],
          default_sort: 'desc',
        });
      }
      const files = Object.entries(folderFiles[name] ?? {});
      expect(files.length).toBeGreaterThan(0);
      for (const [file, data] of files) {
        expect(drift(collection.fields, entryData(data), file)).toEqual([]);
      }
    }
    // Reviews: the newest received first.
    expect(config.collections.find((c) => c.name === 'reviews')).toMatchObject({
      create: false,
      sortable_fields: [{ field: 'received', default_sort: 'desc' }, 'published', 'pack'],
    });
  });

  test('an optional object asks for nothing inside it, at any depth (a post without a film saves)', () => {
    /** The fields under an optional object that Decap would still require. */
    const requiredInside = (fields: CmsField[], optional: boolean, at: string): string[] =>
      fields.flatMap((field) => [
        ...(optional && field.required !== false ? [`${at}${field.name}`] : []),
        ...requiredInside(
          (field.fields as CmsField[] | undefined) ?? [],
          optional || (field.widget === 'object' && field.required === false),
          `${at}${field.name}.`,
        ),
      ]);
    const journal = config.collections.find((collection) => collection.name === 'journal')!;
    const fields = ('fields' in journal ? journal.fields : []) as CmsField[];
    expect(fields.find((field) => field.name === 'film')).toMatchObject({ required: false });
    for (const collection of config.collections) {
      const forms =
        'files' in collection ? collection.files.map((file) => file.fields) : [collection.fields];
      for (const form of forms) {
        expect(requiredInside(form as CmsField[], false, `${collection.name}: `)).toEqual([]);
      }
    }
  });

  test('finds the drift when the content and the form disagree', () => {
    const fields = fieldsOf(contentFiles.presets.schema, 'content/presets.json');
    const broken = structuredClone(presets) as { presets: Record<string, unknown>[] };
    broken.presets[0]!.price = '39.99';
    broken.presets[1]!.colour = 'teal';
    delete broken.presets[2]!.tagline;
    expect(drift(fields, broken, 'presets.json')).toEqual([
      'presets.json.presets[0].price holds a string, but its number widget stores a number',
      'presets.json.presets[1].colour has no field',
      'presets.json.presets[2].tagline is required but missing',
    ]);
  });

  test('asks for prices in cents-exact, positive amounts and refuses empty alt texts', () => {
    const presetFields = entries.find((entry) => entry.name === 'presets')!.fields;
    expect(field(presetFields, 'presets.price')).toMatchObject({
      widget: 'number',
      value_type: 'float',
      step: 0.01,
      min: 0.01,
      required: true,
    });
    expect(field(presetFields, 'presets.gallery.alt')).toMatchObject({
      widget: 'string',
      required: true,
    });
    expect(field(presetFields, 'presets.gallery.src')).toMatchObject({
      widget: 'image',
      pattern: [expect.any(String), expect.stringContaining('inside media/')],
    });
    expect(field(presetFields, 'presets.comparisons')).toMatchObject({ min: 6, max: 6 });
    expect(field(presetFields, 'presets.categories.item')).toMatchObject({
      widget: 'select',
      options: ['WEDDINGS', 'FILM', 'TRAVEL'],
    });
  });

  test('a field’s pattern is the schema’s, with its message', () => {
    const slug = field(entries.find((entry) => entry.name === 'presets')!.fields, 'presets.slug');
    const [source, message] = slug.pattern as [string, string];
    expect(new RegExp(source).test('stoic-pack')).toBe(true);
    expect(new RegExp(source).test('Stoic Pack')).toBe(false);
    expect(message).toBe('must be lowercase letters, digits and hyphens');
  });

  test('services and header links choose their kind; bundles pick their packs from the presets', () => {
    const servicesField = field(
      entries.find((entry) => entry.name === 'services')!.fields,
      'services',
    );
    expect(servicesField.typeKey).toBe('kind');
    expect((servicesField.types as CmsField[]).map((type) => type.name)).toEqual([
      'projects',
      'films',
      'others',
    ]);
    const header = field(entries.find((entry) => entry.name === 'site')!.fields, 'nav.header');
    expect(header.typeKey).toBe('type');
    expect(
      field(entries.find((entry) => entry.name === 'bundles')!.fields, 'bundles.members'),
    ).toMatchObject({
      widget: 'relation',
      multiple: true,
      min: 2,
      collection: 'shop',
      file: 'presets',
      value_field: 'presets.*.slug',
    });
  });

  test('a schema the CMS cannot edit stops the build, naming the field', () => {
    const schema = z.object({
      items: z.array(z.union([z.object({ a: z.string() }), z.object({ b: z.number() })])),
    });
    expect(() => fieldsOf(schema, 'content/x.json')).toThrow(
      'cannot make a CMS field for content/x.json.items: a list of variants without a key that tells them apart',
    );
  });

  test('talks to the Git host of the settings, and to decap-server on localhost', () => {
    expect(config.backend).toEqual({ name: 'github', repo: 'saanjhstudio/site', branch: 'main' });
    expect(config.local_backend).toEqual({ url: 'http://localhost:8081/api/v1' });
    expect(cmsConnectOrigins(settings)).toEqual([
      'https://api.github.com',
      'http://localhost:8081',
    ]);
    const gitea = cmsSettings(
      {
        CMS_BACKEND: 'gitea',
        CMS_REPO: 'studio/site',
        CMS_API_ROOT: 'https://git.saanjhstudio.example/api/v1',
        CMS_AUTH_URL: 'https://git.saanjhstudio.example',
        CMS_APP_ID: 'abc',
      },
      'https://www.saanjhstudio.example',
    );
    expect(gitea.backend).toEqual({
      name: 'gitea',
      repo: 'studio/site',
      branch: 'main',
      base_url: 'https://git.saanjhstudio.example',
      api_root: 'https://git.saanjhstudio.example/api/v1',
      app_id: 'abc',
      auth_type: 'pkce',
    });
    expect(cmsConnectOrigins(gitea)).toEqual([
      'https://git.saanjhstudio.example',
      'http://localhost:8081',
    ]);
  });

  test('drafts are pull requests unless the settings say simple; each draft previews its own page', () => {
    expect(config.publish_mode).toBe('editorial_workflow');
    expect(cmsConfig(cmsSettings({ CMS_PUBLISH_MODE: 'simple' }, '')).publish_mode).toBe('simple');
    const routes = new Set(allRoutes().map((route) => route.path));
    // Every file opens a page the site has.
    for (const entry of entries)
      expect([entry.name, routes.has(`/${entry.preview_path}`)]).toEqual([entry.name, true]);
    // A review opens its pack's page, from its fields as Decap fills the template in.
    for (const collection of config.collections.filter((c) => 'folder' in c)) {
      const page = `/${collection.preview_path!.replace('{{fields.pack}}', reviews[0]!.pack)}`;
      expect([collection.name, routes.has(page)]).toEqual([collection.name, true]);
    }
  });
});
