// The S3 + CloudFront recipe's CloudFront Function (docs/deploying.md): viewer request, runtime
// cloudfront-js-2.0. A bucket's REST endpoint, the origin CloudFront reaches privately, knows keys,
// not folders: it answers /about/ with 404, where the page is the key about/index.html. This
// function asks for that key, and moves an address without its trailing slash (/about) to the
// page's address (/about/), as the site's own links write it. The distribution's custom error
// responses send the site's 404 page for the keys that do not exist (404, and 403 when the origin
// may not list the bucket).
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- CloudFront calls it by name
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.endsWith('/')) {
    request.uri = uri + 'index.html';
    return request;
  }
  if (uri.slice(uri.lastIndexOf('/') + 1).indexOf('.') === -1) {
    var query = Object.keys(request.querystring)
      .map(function (key) {
        var value = request.querystring[key].value;
        return value === '' ? key : key + '=' + value;
      })
      .join('&');
    return {
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: { location: { value: uri + '/' + (query ? '?' + query : '') } },
    };
  }
  return request;
}
