import { notFound } from 'next/navigation';
import { GalleryGrid } from '@/components/gallery/gallery-grid';
import { AudioPlayer } from '@/components/media/audio-player';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { collections, galleries, galleryAudio, getGallery, pages } from '@/lib/content';
import { settings } from '@/lib/settings';
import { breadcrumbData } from '@/lib/structured-data';
import { JsonLd } from '@/components/ui/json-ld';
import { mediaFileUrl } from '@/lib/media';
import { pageMetadata } from '@/lib/metadata';
import { galleryPath } from '@/lib/routes';

// Every photo gallery: /weddings/Wed1, /preweddings/pre-wedding-shoot-1, /fashion/..., /events/...
type Props = { params: Promise<{ segment: string; gallery: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return galleries.map((gallery) => ({ segment: gallery.collection, gallery: gallery.slug }));
}

export async function generateMetadata({ params }: Props) {
  const { segment, gallery: slug } = await params;
  const gallery = getGallery(segment, slug);
  if (!gallery) return {};
  return pageMetadata({
    title: `${gallery.title} — ${collections[gallery.collection].label}`,
    description: gallery.description,
    path: galleryPath(gallery),
    image: gallery.images[0],
  });
}

export default async function GalleryPage({ params }: Props) {
  const { segment, gallery: slug } = await params;
  const gallery = getGallery(segment, slug);
  if (!gallery) notFound();
  const audio = galleryAudio(gallery.collection);
  return (
    <>
      <JsonLd
        data={breadcrumbData(settings.siteUrl, [
          { name: 'Home', path: '/' },
          { name: pages.services.heading, path: '/services/' },
          { name: gallery.title, path: galleryPath(gallery) },
        ])}
      />
      <PageHeader
        heading={gallery.title}
        eyebrow={collections[gallery.collection].label}
        intro={[gallery.description]}
      />
      <Section>
        {audio && <AudioPlayer src={mediaFileUrl(audio.src)} title={audio.title} />}
        <GalleryGrid images={gallery.images} sizes={gallery.sizes} title={gallery.title} />
      </Section>
    </>
  );
}
