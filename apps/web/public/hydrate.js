/*
 * On a page the server painted (apps/server/src/http/app-page.ts), the SPA's scripts only make it
 * live: they are asked for once the browser reports the page's first paint, so that on a slow network
 * they do not share its bandwidth with the page's HTML and style sheets. Their list is in
 * #mutua-scripts. A page not visible (a background tab) paints nothing: they are asked for at once.
 */
(function () {
  var list = document.getElementById('mutua-scripts');
  if (!list) return;
  var files = JSON.parse(list.textContent);
  // The entry too: it runs last (below), but is fetched beside its imports.
  var preloads = files.imports.concat([files.entry], files.screens);
  // A few links per task: each asks for a file, and forty at once made one long task on a slow phone.
  var BATCH = 6;
  function preload(from) {
    preloads.slice(from, from + BATCH).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (from + BATCH < preloads.length) setTimeout(preload, 0, from + BATCH);
  }
  // The entry's vendor chunks run one after the other, then the entry: a module script runs its whole
  // graph at once, and the entry's alone was a long task on a slow phone. Each waits for the one before
  // (a chunk that imports it would run it in its own task); all of them are already on their way.
  var order = files.imports.concat([files.entry]);
  function run(index) {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = order[index];
    if (index + 1 < order.length) {
      var next = function () {
        setTimeout(run, 0, index + 1);
      };
      // A chunk that failed still lets the entry run: its import fails there, as it would have.
      script.onload = next;
      script.onerror = next;
    }
    document.body.appendChild(script);
  }
  function load() {
    preload(0);
    run(0);
  }
  var started = false;
  function start() {
    if (started) return;
    started = true;
    load();
  }
  if (document.visibilityState !== 'visible' || typeof PerformanceObserver !== 'function') return start();
  // Once the browser reports the first contentful paint; never later than a second from now.
  try {
    new PerformanceObserver(function (entries, observer) {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    return start();
  }
  setTimeout(start, 1000);
})();
