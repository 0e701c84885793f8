import { Link } from '@/components/ui/link';
import { PageHeader } from '@/components/ui/page-header';
import type { Preset } from '@/lib/content';
import { presetPath } from '@/lib/routes';

/** The old -preset address: a static refresh to the preset page, with a link for anyone it misses. */
export function PresetRedirect({ preset }: { preset: Preset }) {
  const target = presetPath(preset);
  return (
    <>
      <meta httpEquiv="refresh" content={`0; url=${target}`} />
      <PageHeader heading={preset.name} intro={[`${preset.name} now lives at a new address.`]} />
      <p style={{ textAlign: 'center' }}>
        <Link href={target}>{`Go to ${preset.name}`}</Link>
      </p>
    </>
  );
}
