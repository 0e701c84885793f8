import { z } from 'zod';
import {
  cms,
  externalUrl,
  imageSchema,
  internalHref,
  matching,
  price,
  prose,
  text,
} from '@/lib/fields';

export const linkSchema = z.object({ label: text, href: internalHref });

/** A labelled group of links, shown as a dropdown in the header. */
export const linkGroupSchema = z.object({ label: text, links: z.array(linkSchema).min(1) });

export const socialSchema = z.object({
  network: z.enum(['instagram', 'youtube', 'facebook', 'pinterest', 'tiktok', 'vimeo']),
  label: text,
  url: externalUrl,
});

export const siteSchema = z.object({
  name: text,
  tagline: text,
  taglines: z.array(text).min(1),
  description: text,
  url: externalUrl,
  email: z.email('must be an e-mail address'),
  phone: text,
  location: z.object({ city: text, region: text, country: text }),
  areaServed: z.array(text).min(1),
  socials: z.array(socialSchema).length(3, 'must list exactly three social networks'),
  schedulingUrl: externalUrl,
  schedulingWidgetScript: externalUrl,
  currency: matching(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as "USD"'),
  copyrightYear: z.number().int().min(1900).max(2100),
  nav: z.object({
    header: z
      .array(
        z.discriminatedUnion('type', [
          linkSchema.extend({ type: z.literal('link') }),
          linkGroupSchema.extend({ type: z.literal('group') }),
        ]),
      )
      .min(1),
    book: linkSchema,
    footer: z.array(linkSchema).min(1),
  }),
  constants: z.object({
    galleryRotationMs: z.number().int().positive(),
    thumbnailScrollStepPx: z.number().int().positive(),
    headerScrolledThresholdPx: z.number().int().nonnegative(),
    parallaxStrength: z.number().int().positive(),
    parallaxBannerHeightPx: z.number().int().positive(),
    scriptTimeoutMs: z.number().int().positive(),
    schedulingWidgetHeightPx: z.number().int().positive(),
    schedulingWidgetMinWidthPx: z.number().int().positive(),
    schedulingFallbackAfterMs: z.number().int().positive(),
  }),
});

export const pageCopySchema = z.object({
  title: text,
  description: prose,
  heading: text,
  intro: z.array(prose).default([]),
  image: imageSchema.optional(),
});

export const projectCardSchema = z.object({
  title: text,
  description: prose,
  image: imageSchema,
  href: internalHref,
});

const serviceBase = {
  slug: matching(/^[A-Za-z0-9-]+$/, 'must be letters, digits and hyphens', {
    hint: 'The page’s address: /services/<slug>/.',
  }),
  name: text,
  image: imageSchema,
  title: text,
  description: prose,
  heading: text,
  intro: z.array(prose).default([]),
};

export const serviceSchema = z.discriminatedUnion('kind', [
  z.object({
    ...serviceBase,
    kind: z.literal('projects'),
    projects: z.array(projectCardSchema).min(1),
  }),
  z.object({ ...serviceBase, kind: z.literal('films'), films: z.enum(['ad', 'cinematic']) }),
  z.object({
    ...serviceBase,
    kind: z.literal('others'),
    offerings: z.array(z.object({ name: text, image: imageSchema })).min(1),
  }),
]);

export const collectionSchema = z.enum(['weddings', 'preweddings', 'fashion', 'events']);

export const audioSchema = z.object({
  src: matching(
    /^[a-z0-9][a-z0-9/_-]*\.(mp3|m4a|ogg|opus)$/,
    'must be a lowercase audio file path inside media/',
    { widget: 'file', label: 'Audio file' },
  ),
  title: text,
});

export const collectionsSchema = z.record(
  collectionSchema,
  z.object({ label: text, audio: audioSchema.nullable() }),
);

export const videoSchema = z.object({
  src: matching(
    /^[a-z0-9][a-z0-9/_-]*\.(webm|mp4)$/,
    'must be a lowercase video file path inside media/',
    { widget: 'file', label: 'Video file' },
  ),
  type: z.enum(['video/webm', 'video/mp4']),
});

const bannerSchema = z.object({ image: imageSchema, heading: text, link: linkSchema });

export const homeSchema = z.object({
  hero: z.object({ poster: imageSchema, videos: z.array(videoSchema).min(1) }),
  promo: z.object({ heading: text, text: prose, link: linkSchema, image: imageSchema }),
  intro: z.object({ heading: text, text: z.array(prose).min(1), link: linkSchema }),
  grid: z.array(imageSchema).min(1),
  strip: z.object({ heading: text, images: z.array(imageSchema).min(2) }),
  banner: bannerSchema,
});

export const aboutSchema = z.object({
  banner: bannerSchema,
  story: z.array(prose).min(1),
  images: z.array(imageSchema).length(3, 'must hold exactly three images'),
});

export const educationSchema = z.object({
  image: imageSchema,
  offers: z
    .array(
      z.object({
        name: text,
        price,
        status: z.enum(['available', 'coming-soon']),
        details: z.array(text).min(1),
        description: prose,
        // The editor leaves an empty optional object out of the file: absent is no link too.
        link: linkSchema.nullable().default(null),
      }),
    )
    .min(1),
  shop: z.object({ heading: text, text: prose, link: linkSchema }),
});

export const tileSizeSchema = z.enum(['large', 'small', 'medium']);

export const gallerySchema = z.object({
  collection: collectionSchema,
  slug: matching(/^[A-Za-z0-9-]+$/, 'must be letters, digits and hyphens', {
    hint: 'The gallery’s address: /<collection>/<slug>/.',
  }),
  title: text,
  description: prose,
  images: z.array(imageSchema).min(1),
  sizes: z
    .array(tileSizeSchema)
    .meta(
      cms({ hint: 'Each tile takes the size at its position; tiles beyond the list get none.' }),
    ),
});

export const filmSchema = z
  .object({
    title: text,
    collection: z.enum(['ad', 'cinematic']),
    youtubeId: matching(/^[A-Za-z0-9_-]{11}$/, 'must be an 11-character YouTube video id', {
      label: 'YouTube id',
      hint: 'The part after v= in the film’s YouTube address.',
    }),
    description: prose,
    uploaded: z.iso.date('must be the day it went up on YouTube, as YYYY-MM-DD').meta(
      cms({
        widget: 'datetime',
        format: 'YYYY-MM-DD',
        date_format: 'YYYY-MM-DD',
        time_format: false,
        picker_utc: true,
        hint: 'The day it went up on YouTube; search engines show it with the film.',
      }),
    ),
    length: matching(/^(\d{1,2}:)?\d{1,2}:\d{2}$/, 'must be its running time, as m:ss or h:mm:ss', {
      hint: 'Its running time, as m:ss or h:mm:ss.',
    }),
    poster: imageSchema,
  })
  .transform(({ length, ...film }) => {
    const [seconds = 0, minutes = 0, hours = 0] = length.split(':').map(Number).reverse();
    // ISO 8601, as schema.org's VideoObject takes it: PT1H2M3S.
    const duration = `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds}S`;
    return { ...film, duration };
  });

export const loveNoteSchema = z.object({
  couple: text,
  place: text,
  note: prose,
  portrait: imageSchema,
});

export type Image = z.output<typeof imageSchema>;
export type Link = z.output<typeof linkSchema>;
export type LinkGroup = z.output<typeof linkGroupSchema>;
export type Social = z.output<typeof socialSchema>;
export type Site = z.output<typeof siteSchema>;
export type PageCopy = z.output<typeof pageCopySchema>;
export type ProjectCard = z.output<typeof projectCardSchema>;
export type Service = z.output<typeof serviceSchema>;
export type Collection = z.output<typeof collectionSchema>;
export type Home = z.output<typeof homeSchema>;
export type About = z.output<typeof aboutSchema>;
export type Education = z.output<typeof educationSchema>;
export type Audio = z.output<typeof audioSchema>;
export type TileSize = z.output<typeof tileSizeSchema>;
export type Gallery = z.output<typeof gallerySchema>;
export type Film = z.output<typeof filmSchema>;
export type LoveNote = z.output<typeof loveNoteSchema>;

export * from './shop-schema';
export * from './checkout-schema';
export * from './contact-schema';
