import { notFound } from 'next/navigation';
import { JournalPostView } from '@/components/journal/post';
import { getPost, journal } from '@/lib/journal/posts';
import { pageMetadata } from '@/lib/metadata';

// A real wedding: /journal/sikh-wedding-gurdwara-dasmesh-darbar-surrey/
type Props = { params: Promise<{ slug: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return journal().map((post) => ({ slug: post.slug }));
}

export async function generateMetadata({ params }: Props) {
  const post = getPost((await params).slug);
  if (!post) return {};
  return pageMetadata({
    title: post.title,
    description: post.summary,
    path: post.path,
    image: post.cover,
    article: { published: post.published, modified: post.updated ?? post.published },
  });
}

export default async function JournalPostPage({ params }: Props) {
  const post = getPost((await params).slug);
  if (!post) notFound();
  return <JournalPostView post={post} />;
}
