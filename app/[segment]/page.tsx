import { notFound } from 'next/navigation';
import { BundleView } from '@/components/shop/bundle-view';
import { PresetRedirect } from '@/components/shop/preset-redirect';
import { bundles } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';
import { bundlePath, legacyPresets, presetPath, resolveSegment } from '@/lib/routes';

// Single-segment pages fed by content: the bundle pages and the old -preset addresses.
type Props = { params: Promise<{ segment: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return [
    ...bundles.map((bundle) => ({ segment: bundle.slug })),
    ...legacyPresets().map((preset) => ({ segment: preset.legacyPath! })),
  ];
}

export async function generateMetadata({ params }: Props) {
  const page = resolveSegment((await params).segment);
  if (!page) return {};
  if (page.kind === 'bundle') {
    return pageMetadata({
      title: page.bundle.name,
      description: page.bundle.description,
      path: bundlePath(page.bundle),
      image: page.bundle.image,
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
  return page.kind === 'bundle' ? (
    <BundleView bundle={page.bundle} />
  ) : (
    <PresetRedirect preset={page.preset} />
  );
}
