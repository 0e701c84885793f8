import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { packsOf, type PackRef } from '@/lib/shared/order';

/** Where a pack's file lives in the private packs folder: "<slug>.zip". */
export function packFile(packsDir: string, slug: string): string {
  return path.join(packsDir, `${slug}.zip`);
}

/** The items of which a file to deliver (its own, or a held pack's) is not in the packs folder. */
export function missingPacks<T extends Pick<PackRef, 'slug' | 'name' | 'members'>>(
  packsDir: string,
  packs: readonly T[],
): T[] {
  return packs.filter((pack) =>
    packsOf(pack).some((part) => !existsSync(packFile(packsDir, part.slug))),
  );
}

function xmpPreset(pack: PackRef, name: string, blackAndWhite: boolean): string {
  return `<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 7.0">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:crs="http://ns.adobe.com/camera-raw-settings/1.0/"
   crs:PresetType="Normal" crs:Cluster="" crs:Version="15.0" crs:ProcessVersion="11.0"
   crs:ConvertToGrayscale="${blackAndWhite ? 'True' : 'False'}" crs:Contrast2012="+12"
   crs:Highlights2012="-30" crs:Shadows2012="+25" crs:Vibrance="+8"
   crs:SplitToningShadowHue="210" crs:SplitToningShadowSaturation="8"
   crs:SplitToningHighlightHue="42" crs:SplitToningHighlightSaturation="12">
   <crs:Name><rdf:Alt><rdf:li xml:lang="x-default">${name}</rdf:li></rdf:Alt></crs:Name>
   <crs:Group><rdf:Alt><rdf:li xml:lang="x-default">${pack.name}</rdf:li></rdf:Alt></crs:Group>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
`;
}

/** Who licenses the presets, which licence, and where its terms live: LICENSE.txt's head. */
export type LicenceSource = { studio: string; version: string | null; termsUrl: string };

/** A pack's LICENSE.txt: the studio and the pack, the licence's version, its lines, the terms. */
export const licenceText = (pack: PackRef, license: readonly string[], from: LicenceSource) =>
  [
    `${pack.name}, Lightroom presets by ${from.studio}`,
    from.version ? `Licence ${from.version}` : 'Licence',
    ...license,
    `The terms of sale: ${from.termsUrl}`,
  ].join('\n\n') + '\n';

/**
 * A stand-in for a pack the studio has not dropped into the packs folder yet (development only):
 * a real zip with six colour presets, one black-and-white preset and the licence.
 */
export function placeholderPack(
  pack: PackRef,
  license: readonly string[],
  from: LicenceSource,
): Uint8Array {
  const files: Record<string, Uint8Array> = {
    [`${pack.name}/LICENSE.txt`]: strToU8(licenceText(pack, license, from)),
  };
  for (let index = 1; index <= 7; index += 1) {
    const name =
      index === 7 ? `${pack.name} B&W` : `${pack.name} ${String(index).padStart(2, '0')}`;
    files[`${pack.name}/${name}.xmp`] = strToU8(xmpPreset(pack, name, index === 7));
  }
  return zipSync(files, { mtime: new Date('2024-01-01T00:00:00Z') });
}

/** Writes a placeholder for every pack missing from the folder; returns the packs written. */
export function writePlaceholderPacks(
  packsDir: string,
  packs: readonly PackRef[],
  license: readonly string[],
  from: LicenceSource,
): PackRef[] {
  mkdirSync(packsDir, { recursive: true });
  const missing = missingPacks(packsDir, packs);
  for (const pack of missing) {
    writeFileSync(packFile(packsDir, pack.slug), placeholderPack(pack, license, from));
  }
  return missing;
}
