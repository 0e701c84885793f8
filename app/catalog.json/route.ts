import { publishedCatalog } from '@/lib/catalog';

export const dynamic = 'force-static';

/** The shop's catalogue for the order service (lib/node/shop-catalog.ts): written to out/catalog.json. */
export function GET() {
  return Response.json(publishedCatalog());
}
