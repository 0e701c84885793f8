import { notFound } from 'next/navigation';
import { ProductView } from '@/components/shop/product-view';
import { productsOf, shopCopy } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { pageMetadata } from '@/lib/metadata';
import { presetPath } from '@/lib/routes';

// A pack's page (/full-item/<slug>/).
type Props = { params: Promise<{ slug: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return productsOf('pack').map((pack) => ({ slug: pack.slug }));
}

const packOf = (slug: string) => productsOf('pack').find((pack) => pack.slug === slug);

export async function generateMetadata({ params }: Props) {
  const preset = packOf((await params).slug);
  if (!preset) return {};
  return pageMetadata({
    title: fillIn(shopCopy.pack.title, { name: preset.name }),
    description: `${preset.tagline} ${preset.description}`,
    path: presetPath(preset),
    image: preset.image,
  });
}

export default async function PresetPage({ params }: Props) {
  const preset = packOf((await params).slug);
  if (!preset) notFound();
  return <ProductView product={preset} />;
}
