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
 * Pages with an HTML file of their own (web/login.html, web/cadastro.html): their markup is
 * prerendered at build time and their entry is lighter than the app's, so a page load of these
 * paths paints before any script runs. Other paths under them (/cadastro/termos) are app routes.
 * Shared by the CloudFront function below and the local server (infra/local/server.ts).
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/login': '/login.html',
  '/cadastro': '/cadastro.html',
  // The TV price screen: a page of its own, not the app (web/tv.html, src/tv).
  '/tv': '/tv.html',
};

/**
 * The public NPS survey (web/nps.html, a page of its own with no framework): /nps with a `hash`
 * query. A /nps without it is the staff's NPS screen, a route of the app.
 */
export const SURVEY_PAGE = { path: '/nps', file: '/nps.html', query: 'hash' } as const;

/** Whether a request of `pathname` with `hasHash` (a `hash` query parameter) gets the survey page. */
export const isSurveyRequest = (pathname: string, hasHash: boolean): boolean =>
  hasHash && (pathname === SURVEY_PAGE.path || pathname === `${SURVEY_PAGE.path}/`);

/**
 * Viewer request on the web bucket: /login and /cadastro get their prerendered file
 * (PRERENDERED_PAGES), /nps?hash=… the survey's own page (SURVEY_PAGE); any other path whose last segment has no file extension is a route of the
 * single-page app (/nps/..., /customers), so serve index.html. Done here rather than with
 * distribution-wide custom error responses, which would also rewrite the API's own 403 and 404
 * JSON answers into index.html with status 200.
 */
export const spaRewriteCode = `
var PAGES = ${JSON.stringify(PRERENDERED_PAGES)};
var SURVEY = ${JSON.stringify(SURVEY_PAGE)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var query = request.querystring || {};
  if ((uri === SURVEY.path || uri === SURVEY.path + '/') && query[SURVEY.query]) {
    request.uri = SURVEY.file;
    return request;
  }
  var page = PAGES[uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.slice(0, -1) : uri];
  if (page) {
    request.uri = page;
    return request;
  }
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (!/\\.[A-Za-z0-9]{1,8}$/.test(last)) {
    request.uri = '/index.html';
  }
  return request;
}
`.trim();

/**
 * Viewer request on `/files/*` (CMS files, issue 25): the tenant is the first label of the host
 * and the object lives under its prefix in the cms bucket; the address carries the file's expiry
 * (`/files/{epoch seconds}/{id-token}/{name}`), so once past it the file is refused here, before
 * CloudFront's cache, whatever the delay of its removal. The local server does the same
 * (infra/local/files-route.ts).
 */
export const cmsFilesCode = `
var TENANT = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
var PATH = /^\\/files\\/(\\d{9,11})\\/([A-Za-z0-9_-]{1,64})\\/([A-Za-z0-9._-]{1,120})$/;
function handler(event) {
  var request = event.request;
  var host = request.headers.host && request.headers.host.value ? request.headers.host.value.toLowerCase() : '';
  var label = host.split('.')[0];
  var match = PATH.exec(request.uri);
  if (!TENANT.test(label) || !match || Number(match[1]) * 1000 <= Date.now()) {
    return {
      statusCode: 404,
      statusDescription: 'Not Found',
      headers: {
        'content-type': { value: 'text/plain; charset=utf-8' },
        'cache-control': { value: 'no-store' },
        'x-content-type-options': { value: 'nosniff' }
      },
      body: { encoding: 'text', data: 'Arquivo não encontrado.' }
    };
  }
  request.uri = '/' + label + request.uri.substring(6);
  return request;
}
`.trim();
