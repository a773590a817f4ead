// The page's first script (docs/first-screen.md), plain and tiny, run by index.html while the app's
// bundle is still downloading: GET /api/start (picking up index.html's preload), then at once
// GET /api/users with the start answer's token and the stored copy's ETag. The app takes both
// answers over (src/lib/stores/early-boot.ts) instead of asking again, so the wardrobe no longer
// waits for the app's code. Not bundled (a bundled entry would wait for the app's chunks);
// early-boot.ts types what it leaves in window.__hangerEarly, and its tests check the request.
(function () {
  'use strict';
  // The static first paint (index.html's #boot-shell) is /items' (and /'s, which leads there):
  // the domain's FIRST_SCREEN_PATH (app-routes.ts). The build writes the rule itself over this
  // copy (scripts/inline-head.mjs); src/app/first-screen-rule.test.ts holds the copy equal.
  var FIRST_SCREEN_PATH = /^\/(items\/?)?$/;
  if (FIRST_SCREEN_PATH.test(location.pathname)) {
    document.documentElement.setAttribute('data-boot-shell', '');
  }
  if (window.__hangerEarly || typeof fetch !== 'function') return;

  /** GET users' Accept, as src/lib/api/users.ts sends it (early-boot.test.ts checks). */
  var ACCEPT = 'application/vnd.hanger.wardrobe+json; v=2, application/json;q=0.9';
  /**
   * Where the wardrobe store keeps the stored copy's ETag, beside the copy: database, schema
   * version, store and key, as src/lib/persistence/schema.ts names them (EARLY_READ). The build
   * writes this line from there (vite.config.ts); a unit test keeps this copy the same.
   */
  var IDB = { db: 'hanger', version: 1, store: 'state', key: 'hanger-wardrobe-etag' };

  /** The stored copy's ETag, or null. Reads only: the app makes and upgrades the database. */
  function storedEtag() {
    return new Promise(function (resolve) {
      try {
        var open = indexedDB.open(IDB.db, IDB.version);
        // No copy yet, or one of an older layout: left to the app (lib/persistence/database.ts).
        open.onupgradeneeded = function () {
          open.transaction.abort();
        };
        open.onerror = function () {
          resolve(null);
        };
        open.onsuccess = function () {
          var db = open.result;
          try {
            var read = db.transaction(IDB.store, 'readonly').objectStore(IDB.store).get(IDB.key);
            read.onsuccess = function () {
              db.close();
              resolve(typeof read.result === 'string' ? read.result : null);
            };
            read.onerror = function () {
              db.close();
              resolve(null);
            };
          } catch {
            db.close();
            resolve(null);
          }
        };
      } catch {
        resolve(null);
      }
    });
  }

  var start = fetch('/api/start', { credentials: 'same-origin' }).then(
    function (res) {
      if (!res.ok) return { status: res.status, body: null };
      return res.json().then(
        function (body) {
          return { status: res.status, body: body };
        },
        function () {
          return { status: res.status, body: null };
        },
      );
    },
    function () {
      return { status: null, body: null };
    },
  );

  var users = Promise.all([start, storedEtag()])
    .then(function (both) {
      var s = both[0];
      var etag = both[1];
      var body = s.body;
      if (!body || !body.user || typeof body.user.id !== 'string') return null;
      if (typeof body.token !== 'string') return null;
      var sent = { authorization: 'Bearer ' + body.token, accept: ACCEPT };
      if (etag) sent['if-none-match'] = etag;
      return fetch('/api/users', { headers: sent }).then(function (res) {
        var answer = { sent: sent, status: res.status, etag: res.headers.get('etag'), bytes: null };
        if (res.status !== 200) return answer;
        return res.arrayBuffer().then(function (bytes) {
          answer.bytes = bytes;
          return answer;
        });
      });
    })
    .catch(function () {
      return null;
    });

  window.__hangerEarly = { start: start, users: users };
})();
