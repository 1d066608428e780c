/**
 * Source of the CloudFront Functions (cloudfront-js-2.0 runtime). Kept as plain strings in their
 * own module so tests can run them without a CloudFront.
 */

/**
 * Viewer request on `/api/*` and `/link/*`: the API resolves the tenant from the first label of
 * the host, but the origin request must carry the API Gateway host. Copy the viewer's host into
 * x-forwarded-host, overwriting whatever the client sent so it cannot pick another tenant.
 */
export const forwardHostCode = `
function handler(event) {
  var request = event.request;
  var host = request.headers.host;
  if (host && host.value) {
    request.headers['x-forwarded-host'] = { value: host.value };
  } else {
    delete request.headers['x-forwarded-host'];
  }
  return request;
}
`.trim();

/**
 * Viewer request on the web bucket: a path whose last segment has no file extension is a route of
 * the single-page app (/cadastro, /nps/..., /login), so serve index.html. Done here rather than
 * with distribution-wide custom error responses, which would also rewrite the API's own 403 and
 * 404 JSON answers into index.html with status 200.
 */
export const spaRewriteCode = `
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (!/\\.[A-Za-z0-9]{1,8}$/.test(last)) {
    request.uri = '/index.html';
  }
  return request;
}
`.trim();
