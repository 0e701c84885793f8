/**
 * Stands in for Google's gtag.js: like the real one it reads the commands our code puts on
 * window.dataLayer and sends each event as a hit to the collector, which the tests record.
 */
export const gtagStub = {
  contentType: 'application/javascript',
  body: `(function () {
  var tid = new URL(document.currentScript.src).searchParams.get('id');
  function handle(command) {
    var args = Array.prototype.slice.call(command);
    if (args[0] !== 'event') return;
    var params = args[2] || {};
    var hit = new URLSearchParams({ v: '2', tid: tid, en: args[1], dl: location.href, dp: params.page_path || location.pathname });
    Object.keys(params).forEach(function (key) {
      if (key !== 'page_path') hit.set('ep.' + key, String(params[key]));
    });
    fetch('https://www.google-analytics.com/g/collect?' + hit.toString(), { method: 'POST', keepalive: true, mode: 'no-cors' });
  }
  var layer = (window.dataLayer = window.dataLayer || []);
  layer.forEach(handle);
  var push = layer.push.bind(layer);
  layer.push = function () {
    Array.prototype.forEach.call(arguments, handle);
    return push.apply(null, arguments);
  };
})();`,
};

export const gtagScript = 'https://www.googletagmanager.com/gtag/js?**';
export const collector = 'https://www.google-analytics.com/g/collect?**';

export type Hit = { tid: string; event: string; path: string; params: Record<string, string> };

export function parseHit(url: string): Hit {
  const query = new URL(url).searchParams;
  const params: Record<string, string> = {};
  for (const [key, value] of query) if (key.startsWith('ep.')) params[key.slice(3)] = value;
  return {
    tid: query.get('tid') ?? '',
    event: query.get('en') ?? '',
    path: query.get('dp') ?? '',
    params,
  };
}
