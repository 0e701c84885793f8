import { notFound } from 'next/navigation';
import { ProductView } from '@/components/shop/product-view';
import { PresetRedirect } from '@/components/shop/preset-redirect';
import { pageMetadata } from '@/lib/metadata';
import {
  legacyPresets,
  presetPath,
  productPath,
  resolveSegment,
  topLevelProducts,
} from '@/lib/routes';

// Single-segment pages fed by content: the pages of products sold at the top level, and the old
// -preset addresses.
type Props = { params: Promise<{ segment: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return [
    ...topLevelProducts().map((product) => ({ segment: product.slug })),
    ...legacyPresets().map((preset) => ({ segment: preset.legacyPath! })),
  ];
}

export async function generateMetadata({ params }: Props) {
  const page = resolveSegment((await params).segment);
  if (!page) return {};
  if (page.kind === 'product') {
    return pageMetadata({
      title: page.product.name,
      description: page.product.description,
      path: productPath(page.product),
      image: page.product.image,
    });
  }
  return {
    ...pageMetadata({
      title: page.preset.name,
      description: `${page.preset.name} has moved to ${presetPath(page.preset)}.`,
      path: presetPath(page.preset),
      index: false,
    }),
  };
}

export default async function SegmentPage({ params }: Props) {
  const page = resolveSegment((await params).segment);
  if (!page) notFound();
  return page.kind === 'product' ? (
    <ProductView product={page.product} />
  ) : (
    <PresetRedirect preset={page.preset} />
  );
}
