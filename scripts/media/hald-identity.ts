// Writes the identity HALD image (level 8, 512 × 512 px) that the studio edits in Lightroom to
// capture a preset's look for the try-on: README, "A pack's look". `npm run hald -- [file]`.
import path from 'node:path';
import sharp from 'sharp';
import { identityHald } from '@/lib/shared/hald';

const LEVEL = 8;
const file = path.resolve(process.argv[2] ?? 'hald-identity.png');
const side = LEVEL ** 3;
await sharp(Buffer.from(identityHald(LEVEL).data), {
  raw: { width: side, height: side, channels: 3 },
})
  .png({ compressionLevel: 9, adaptiveFiltering: true })
  .toFile(file);
console.log(`Wrote ${file}: the identity HALD, level ${LEVEL} (${side} × ${side} px).`);
