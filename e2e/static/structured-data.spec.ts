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
    ...missing((node.offers ?? {}) as Node, [
      'price',
      'priceCurrency',
      'availability',
      'hasMerchantReturnPolicy',
    ]).map((field) => `offers.${field}`),
    ...returnPolicyProblems((node.offers as Node | undefined)?.hasMerchantReturnPolicy).map(
      (field) => `offers.hasMerchantReturnPolicy.${field}`,
    ),
    // Review snippets: each review's rating and author; the aggregate's value and count.
    ...((node.review ?? []) as Node[]).flatMap((review, index) => [
      ...missing((review.reviewRating ?? {}) as Node, ['ratingValue']).map(
        (field) => `review[${index}].reviewRating.${field}`,
      ),
      ...missing((review.author ?? {}) as Node, ['name']).map(
        (field) => `review[${index}].author.${field}`,
      ),
    ]),
    ...(node.aggregateRating
      ? missing(node.aggregateRating as Node, ['ratingValue', 'reviewCount']).map(
          (field) => `aggregateRating.${field}`,
        )
      : []),
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
  // The studio, with the shop's return policy (an Organization's, Google's store-wide one).
  ProfessionalService: (node) => [
    ...missing(node, ['name', 'address']),
    ...returnPolicyProblems(node.hasMerchantReturnPolicy).map(
      (field) => `hasMerchantReturnPolicy.${field}`,
    ),
  ],
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

/**
 * Google's return policy rules (merchant listings, MerchantReturnPolicy): the countries and the
 * category are required, and a finite window needs its days.
 */
function returnPolicyProblems(policy: unknown): string[] {
  if (!policy) return ['(missing)'];
  const node = policy as Node;
  return [
    ...missing(node, ['applicableCountry', 'returnPolicyCategory']),
    ...(node.returnPolicyCategory === 'https://schema.org/MerchantReturnFiniteReturnWindow'
      ? missing(node, ['merchantReturnDays'])
      : []),
    ...(node['@type'] === 'MerchantReturnPolicy' ? [] : ['@type']),
  ];
}

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

test('the bundles are products offered at their own price, below their packs one by one', () => {
  const [bundle] = blocks(readOut('weddings-bundle/index.html')).filter(
    (node) => node['@type'] === 'Product',
  );
  // Stoic Pack, Regal Tones and Earthy Tone cost 114.97 one by one.
  expect(bundle).toMatchObject({ name: 'Weddings Pack Bundle', offers: { price: '89.99' } });
});
