// Keeps the encoded pictures (.cache/media, or MEDIA_CACHE_DIR) between Netlify builds, with
// Netlify's own build cache (utils.cache: https://docs.netlify.com/build-plugins/create-plugins/).
// Every entry is named by its source's content and the encoding settings, so a restored entry is
// used only when it is still right, and the media step prunes the ones the build no longer uses.
import path from 'node:path';

const cacheDir = () => path.resolve(process.env.MEDIA_CACHE_DIR || '.cache/media');

export const onPreBuild = async ({ utils }) => {
  const restored = await utils.cache.restore(cacheDir());
  console.log(
    restored ? `Media cache restored to ${cacheDir()}` : 'No media cache yet: a cold build',
  );
};

export const onPostBuild = async ({ utils }) => {
  await utils.cache.save(cacheDir());
  console.log(`Media cache saved from ${cacheDir()}`);
};
