/*
 * On a page the server painted (apps/server/src/http/app-page.ts), the SPA's scripts only make it
 * live: they are asked for once the page has painted, so that on a slow network they do not share
 * its bandwidth with the page's HTML and style sheets. Their list is in #mutua-scripts. A page that
 * is not visible (a background tab) paints no frame: the scripts are asked for at once.
 */
(function () {
  var list = document.getElementById('mutua-scripts');
  if (!list) return;
  var files = JSON.parse(list.textContent);
  function load() {
    files.preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = files.entry;
    document.body.appendChild(script);
  }
  // The frame after the first paint.
  if (document.visibilityState === 'visible') requestAnimationFrame(function () { setTimeout(load, 0); });
  else load();
})();
