// Imports every content file (lib/content/files.ts, contentFiles) and lists every entry of the
// content folders (contentFolders) in lib/content/content.generated.ts, so that the pages, Jest
// and the scripts import them rather than read the working directory: a JSON file or entry by an
// import of its file, a Markdown entry as its text. A file added to the registry needs no import
// written by hand. Run before the build, `next dev`, the type check and the unit tests (npm's
// pre-scripts), like the inline scripts; with --watch (`npm run dev`), again on every change.
import { readdirSync, readFileSync, watch, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contentFiles, contentFolders, type ContentFolder } from '@/lib/content/files';

const out = path.resolve('lib/content/content.generated.ts');
const extension = { json: '.json', markdown: '.md' } as const;

function writeIndex(quiet = false) {
  const imports: string[] = [];
  const fileLines: string[] = [];
  for (const [name, { file }] of Object.entries(contentFiles)) {
    imports.push(`import ${name}File from '@/${file}' with { type: 'json' };`);
    fileLines.push(`  ${name}: ${name}File,`);
  }
  const folders: string[] = [];
  const entries: [string, ContentFolder][] = Object.entries(contentFolders);
  for (const [index, [name, { folder, format }]] of entries.entries()) {
    const files = readdirSync(path.resolve(folder))
      .filter((file) => file.endsWith(extension[format]))
      .sort();
    if (!quiet) {
      console.log(
        `Content folders: ${index + 1} of ${entries.length}, ${folder} (${files.length} files)`,
      );
    }
    const lines = files.map((file, i) => {
      const key = JSON.stringify(`${folder}/${file}`);
      if (format === 'markdown') {
        return `    ${key}: ${JSON.stringify(readFileSync(path.resolve(folder, file), 'utf8'))},`;
      }
      const id = `${name}${i}`;
      imports.push(`import ${id} from '@/${folder}/${file}' with { type: 'json' };`);
      return `    ${key}: ${id},`;
    });
    folders.push(`  ${name}: {\n${lines.join('\n')}\n  },`);
  }
  const text =
    `// Made by scripts/content/index.ts from the content registry: do not edit, and do not commit.\n` +
    `import type { ContentFileName } from './files';\n` +
    `${imports.join('\n')}\n\n` +
    `/** Each content file as it is on disk, by its name in the registry. */\n` +
    `export const contentFileData: Record<ContentFileName, unknown> = {\n${fileLines.join('\n')}\n};\n\n` +
    `export const folderFiles: Record<string, Record<string, unknown>> = {\n${folders.join('\n')}\n};\n`;
  // Written only when it changed, so that a watching `next dev` reloads only then.
  let before = '';
  try {
    before = readFileSync(out, 'utf8');
  } catch {
    // not made yet
  }
  if (text !== before) writeFileSync(out, text);
}

writeIndex();
if (process.argv.includes('--watch')) {
  for (const { folder } of Object.values(contentFolders)) {
    watch(path.resolve(folder), () => writeIndex(true));
  }
  console.log('Content folders: watching for changes');
}
