import { buildInfo } from '@/lib/build-info';

export const dynamic = 'force-static';

/** What this build was made from (lib/build-info.ts): written to out/version.json. */
export function GET() {
  return Response.json(buildInfo());
}
