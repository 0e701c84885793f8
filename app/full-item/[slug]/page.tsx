import { notFound } from 'next/navigation';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { getPreset, presets, site } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';
import { formatPrice } from '@/lib/money';
import { presetPath } from '@/lib/routes';

type Props = { params: Promise<{ slug: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return presets.map((preset) => ({ slug: preset.slug }));
}

export async function generateMetadata({ params }: Props) {
  const preset = getPreset((await params).slug);
  if (!preset) return {};
  return pageMetadata({
    title: `${preset.name} Lightroom Presets`,
    description: `${preset.tagline} ${preset.description}`,
    path: presetPath(preset),
  });
}

export default async function PresetPage({ params }: Props) {
  const preset = getPreset((await params).slug);
  if (!preset) notFound();
  return (
    <>
      <PageHeader
        heading={preset.name}
        eyebrow={formatPrice(preset.priceCents, site.currency)}
        intro={[preset.description]}
      />
      <Section label="What's included">
        <h2>What’s included</h2>
        <ul>
          {preset.whatsIncluded.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Section>
    </>
  );
}
