import { expect, test } from '@playwright/test';
import { outFiles, readOut } from './out-files';

type Node = Record<string, unknown>;

/**
 * Google's required properties for each JSON-LD type the site emits (developers.google.com/search
 * /docs/appearance/structured-data: Product snippets and merchant listings, Video, Breadcrumb,
 * Local business), so a missing field fails here rather than in a search console. A type not
 * listed fails too: whoever adds one adds its rules.
 */
const required: Record<string, (node: Node) => string[]> = {
  Product: (node) => [
    ...missing(node, ['name', 'image', 'offers']),
    ...missing((node.offers ?? {}) as Node, ['price', 'priceCurrency', 'availability']).map(
      (field) => `offers.${field}`,
    ),
  ],
  VideoObject: (node) => missing(node, ['name', 'thumbnailUrl', 'uploadDate', 'description']),
  BreadcrumbList: (node) => {
    const items = (node.itemListElement ?? []) as Node[];
    if (items.length === 0) return ['itemListElement'];
    return items.flatMap((item, index) =>
      missing(
        item,
        index === items.length - 1 ? ['position', 'name'] : ['position', 'name', 'item'],
      ).map((field) => `itemListElement[${index}].${field}`),
    );
  },
  ProfessionalService: (node) => missing(node, ['name', 'address']),
  // A journal post. Articles have no required properties; these are Google's recommended ones,
  // held to here (the image in 16:9, 4:3 and 1:1).
  BlogPosting: (node) => [
    ...missing(node, ['headline', 'image', 'datePublished', 'dateModified', 'author']),
    ...((node.image as unknown[] | undefined)?.length === 3 ? [] : ['image in three crops']),
  ],
  // A journal photograph with its licence (image licence metadata: contentUrl and the rest).
  ImageObject: (node) =>
    missing(node, [
      'contentUrl',
      'creator',
      'creditText',
      'copyrightNotice',
      'license',
      'acquireLicensePage',
    ]),
};

function missing(node: Node, fields: string[]): string[] {
  return fields.filter((field) => node[field] === undefined || node[field] === '');
}

const blocks = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap(
    (match) => [JSON.parse(match[1]!) as Node | Node[]].flat(),
  );

test("every JSON-LD block has Google's required properties for its type", () => {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  for (const page of outFiles().filter((file) => file.endsWith('.html'))) {
    for (const node of blocks(readOut(page))) {
      const type = String(node['@type']);
      seen.set(type, (seen.get(type) ?? 0) + 1);
      const rule = required[type];
      if (!rule) problems.push(`${page}: no rules for the type ${type}`);
      else for (const field of rule(node)) problems.push(`${page}: ${type} lacks ${field}`);
    }
  }
  expect(problems).toEqual([]);
  expect(Object.fromEntries(seen)).toMatchObject({
    Product: 6 + 3,
    VideoObject: 20,
    ProfessionalService: expect.any(Number),
    BreadcrumbList: expect.any(Number),
    BlogPosting: 3,
    ImageObject: expect.any(Number),
  });
});

test('the bundles are products offered at the sum of their packs', () => {
  const [bundle] = blocks(readOut('weddings-bundle/index.html')).filter(
    (node) => node['@type'] === 'Product',
  );
  expect(bundle).toMatchObject({ name: 'Weddings Pack Bundle', offers: { price: '114.97' } });
});
