// Lists every entry of the content folders (lib/content/files.ts, contentFolders) in
// lib/content/folders.generated.ts, one import per file, so that the pages, Jest and the scripts
// import the entries rather than read the working directory. Run before the build, `next dev`,
// the type check and the unit tests (npm's pre-scripts), like the inline scripts.
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contentFolders } from '@/lib/content/files';

const out = path.resolve('lib/content/folders.generated.ts');
const imports: string[] = [];
const folders: string[] = [];
const entries = Object.entries(contentFolders);
for (const [index, [name, { folder }]] of entries.entries()) {
  const files = readdirSync(path.resolve(folder))
    .filter((file) => file.endsWith('.json'))
    .sort();
  console.log(
    `Content folders: ${index + 1} of ${entries.length}, ${folder} (${files.length} files)`,
  );
  const lines = files.map((file, i) => {
    const id = `${name}${i}`;
    imports.push(`import ${id} from '@/${folder}/${file}' with { type: 'json' };`);
    return `    ${JSON.stringify(`${folder}/${file}`)}: ${id},`;
  });
  folders.push(`  ${name}: {\n${lines.join('\n')}\n  },`);
}

writeFileSync(
  out,
  `// Made by scripts/content/index.ts from the content folders: do not edit, and do not commit.\n` +
    `${imports.join('\n')}\n\n` +
    `export const folderFiles: Record<string, Record<string, unknown>> = {\n${folders.join('\n')}\n};\n`,
);
