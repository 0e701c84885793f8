import { Picture } from '@/components/media/picture';
import type { Image } from '@/lib/content';
import { mediaFileUrl } from '@/lib/media';
import { HeroVideo } from './hero-video';
import styles from './hero.module.css';

type Props = {
  title: string;
  tagline: string;
  taglines: string[];
  poster: Image;
  videos: { src: string; type: string }[];
};

/** The home page's first screen: the looping film over its poster frame, with the studio's name. */
export function Hero({ title, tagline, taglines, poster, videos }: Props) {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <Picture image={poster} sizes="100vw" priority fill className={styles.media} />
      <HeroVideo
        className={styles.media}
        sources={videos.map((video) => ({ url: mediaFileUrl(video.src), type: video.type }))}
      />
      <div className={styles.text}>
        <p className={styles.tagline}>{tagline}</p>
        <h1 id="hero-title" className={styles.title}>
          {title}
        </h1>
        {taglines.map((line) => (
          <p key={line} className={styles.line}>
            {line}
          </p>
        ))}
      </div>
    </section>
  );
}
