// Says on the deploy's page, in the studio's words, which value a failed build refused: the
// prebuild writes it to build-refusal.json (scripts/content/refusal.ts) before it stops.
// (https://docs.netlify.com/build-plugins/create-plugins/, utils.status.show.)
import { existsSync, readFileSync } from 'node:fs';

export const onError = ({ utils }) => {
  if (!existsSync('build-refusal.json')) return;
  const { summary } = JSON.parse(readFileSync('build-refusal.json', 'utf8'));
  utils.status.show({ title: 'The build refused a value', summary });
};
