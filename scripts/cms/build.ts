// Builds the editor at /admin/ into public/admin/ (so that both `next dev` and the export serve it):
// the page, Decap CMS bundled with its configuration (made here from the content schemas, with the
// Git host of .env.example's CMS_* settings), and the preview pane's styles in the site's fonts.
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nextEnv from '@next/env';
import { build } from 'esbuild';
import { apiRoots, cmsConfig, cmsSettings } from '@/lib/cms/config';
import { site } from '@/lib/content';

nextEnv.loadEnvConfig(process.cwd(), process.argv.includes('--dev'), {
  info: () => {},
  error: console.error,
});

const out = path.resolve('public/admin');
const started = Date.now();
// Read after the .env files are loaded (a static import would read them before).
const { settings } = await import('@/lib/settings');
const config = cmsConfig(cmsSettings(process.env, settings.siteUrl));
const { backend } = config;
/** What the status line above the editor asks (admin/status.ts). */
const status = {
  githubApi: backend.name === 'github' ? String(backend.api_root ?? apiRoots.github) : null,
  repo: backend.repo,
  branch: backend.branch,
  serviceUrl: settings.apiBaseUrl.replace(/\/+$/, ''),
};

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const files = config.collections.flatMap((c) => ('files' in c ? c.files : [])).length;
const folders = config.collections.filter((c) => 'folder' in c).length;
console.log(`CMS: the editor for ${files} content files and ${folders} content folders…`);

await build({
  entryPoints: { cms: 'admin/cms.ts', preview: 'admin/preview.css' },
  outdir: out,
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2022',
  legalComments: 'linked',
  define: {
    CMS_CONFIG: JSON.stringify(config),
    STATUS_CONFIG: JSON.stringify(status),
    'process.env.NODE_ENV': '"production"',
    global: 'globalThis',
  },
  loader: { '.woff2': 'file', '.woff': 'file', '.wasm': 'file' },
  assetNames: 'files/[name]-[hash]',
  logLevel: 'warning',
});

writeFileSync(
  path.join(out, 'index.html'),
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>Content manager · ${site.name}</title>
    <script src="/admin/cms.js" defer></script>
    <style>
      /* The line above every view of the editor (admin/status.ts): Decap's root, whose header and
         entry editor are fixed to the window, is moved below it (a transformed element holds its
         fixed children) and sized to the rest of the window. */
      .editor-bar {
        position: fixed;
        inset: 0 0 auto;
        z-index: 1000;
        font: 14px/1.4 system-ui, sans-serif;
      }
      #nc-root {
        position: fixed;
        inset: var(--editor-bar-height, 0px) 0 0;
        overflow: auto;
        transform: translateZ(0);
      }
      .publish-status p,
      .editor-failures p {
        margin: 0;
        padding: 0.4rem 1rem;
      }
      .publish-status {
        background: #eef6ee;
        color: #1d3b1d;
      }
      .publish-status[data-state='building'],
      .publish-status[data-state='unknown'],
      .publish-status[data-state='rolled-back'] {
        background: #f4f1e8;
        color: #3b3320;
      }
      .publish-status[data-state='failed'],
      .editor-failures {
        background: #fbeaea;
        color: #6b1111;
      }
      .editor-failures p {
        border-top: 1px solid #e3b6b6;
        font-weight: 600;
      }
      .editor-bar a {
        color: inherit;
      }
    </style>
  </head>
  <body></body>
</html>
`,
);

const kb = (file: string) => `${Math.round(statSync(path.join(out, file)).size / 1024)} KB`;
console.log(
  `CMS: public/admin/ (cms.js ${kb('cms.js')}, preview.css ${kb('preview.css')}) in ${((Date.now() - started) / 1000).toFixed(1)}s`,
);
