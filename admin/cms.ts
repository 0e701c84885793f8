// The editor at /admin/ (Decap CMS), built by scripts/cms/build.ts. Its configuration is made at
// build time from the content schemas (lib/cms/config.ts), so this script carries no schema code.
import CMS from 'decap-cms-app';
import type { CmsConfig } from 'decap-cms-core';
import { sayFailures } from './failures';
import { showStatus, type StatusConfig } from './status';

declare const CMS_CONFIG: CmsConfig;
declare const STATUS_CONFIG: StatusConfig;

CMS.registerPreviewStyle('/admin/preview.css');
CMS.init({ config: CMS_CONFIG });
sayFailures(showStatus(STATUS_CONFIG));
