// docid.js: the document id extract answers with, from the page
// collector's registry window.__pling, so Go can refuse a read of a
// document other than the one observed.

function randomId() {
  var a = new Uint8Array(16);
  crypto.getRandomValues(a);
  var s = '';
  for (var i = 0; i < a.length; i++) s += (a[i] < 16 ? '0' : '') + a[i].toString(16);
  return s;
}

// documentId returns window.__pling.docId, the registry the page
// collector (page/collector) keeps for the document's life. The
// registry is extended, never replaced, unless it belongs to an earlier
// document of a reused window; when absent, a minimal one is created with
// the collector's conventions (non-enumerable, configurable) so the
// collector adopts it later.
export function documentId() {
  var defHidden = function (o, k, v) {
    Object.defineProperty(o, k, {value: v, enumerable: false, configurable: true, writable: false});
  };
  try {
    var R = Object.prototype.hasOwnProperty.call(window, '__pling') ? window.__pling : undefined;
    if (R && typeof R === 'object' && R.doc !== undefined && R.doc !== document) R = undefined;
    if (!R || typeof R !== 'object') {
      R = {};
      defHidden(window, '__pling', R);
    }
    if (typeof R.docId !== 'string' || !R.docId) defHidden(R, 'docId', randomId());
    if (R.doc === undefined) defHidden(R, 'doc', document);
    return typeof R.docId === 'string' ? R.docId : '';
  } catch (e) {
    // A page that froze or poisoned the registry gets no document id:
    // Go refuses the read.
    return '';
  }
}
