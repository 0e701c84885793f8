// The manifest the media step writes (scripts/media/build.ts) and lib/media.ts imports. Declared
// here with its type, so that the type check and the editor need neither the file nor the media
// step, and so that TypeScript does not infer a type from 300 KB of JSON.
declare module '@/.cache/media/manifest.json' {
  const manifest: import('./media').MediaManifest;
  export default manifest;
}
