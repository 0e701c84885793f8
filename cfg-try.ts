import { cmsConfig } from '@/lib/cms/config';
const c = cmsConfig({ backend: { name: 'github', repo: 'x/y' }, localBackendUrl: 'http://localhost:8081/api/v1', siteUrl: 'https://x' });
console.log(JSON.stringify(c.collections[0].files[0], null, 1).slice(0, 3000));
console.log(JSON.stringify(c.collections[0].files[1].fields[0], null, 1));
console.log(JSON.stringify(c.collections[2].files[0].fields[0], null, 1).slice(0,1500));
