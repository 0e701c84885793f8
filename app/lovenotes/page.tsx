import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { loveNotes, pages } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({ ...pages.lovenotes, path: '/lovenotes/' });

export default function LoveNotesPage() {
  return (
    <>
      <PageHeader heading={pages.lovenotes.heading} intro={pages.lovenotes.intro} />
      <Section label="Love notes">
        {loveNotes.map((note) => (
          <figure key={note.couple}>
            <blockquote>{note.note}</blockquote>
            <figcaption>
              {note.couple}, {note.place}
            </figcaption>
          </figure>
        ))}
      </Section>
    </>
  );
}
