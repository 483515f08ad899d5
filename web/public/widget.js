/*
 * Storefront widget. A venue pastes, anywhere in its own page:
 *
 *   <div data-storefront-widget></div>                          (the listing)
 *   <div data-storefront-widget data-event="EVENT_HASH"></div>   (one event)
 *   <script src="https://TICKETS.EXAMPLE/widget.js" async></script>
 *
 * Optional attributes: data-lang (ru, en, kz, ch), data-title (the frame's accessible name).
 * Each element gets an iframe of the storefront that grows and shrinks with its content: the
 * storefront posts its height, and only messages from the storefront's own origin and from that
 * very frame are believed. The host's origin must be listed in the storefront's EMBED_ORIGINS.
 * Plain ES2017 with no build step, so it runs as served.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.src || window.StorefrontWidget) return;

  var origin = new URL(script.src).origin;
  var HASH = /^[A-Za-z0-9_-]{1,64}$/;
  var LANGS = ['ru', 'en', 'kz', 'ch'];
  var TITLES = { ru: 'Билеты', en: 'Tickets', kz: 'Билеттер', ch: '门票' };
  var INITIAL_HEIGHT = 600;
  var MAX_HEIGHT = 100000;
  var mounted = [];

  function frameUrl(el) {
    var hash = el.getAttribute('data-event');
    var lang = el.getAttribute('data-lang');
    var url = new URL(hash && HASH.test(hash) ? '/event/' + hash : '/', origin);
    if (lang && LANGS.indexOf(lang) > 0) url.searchParams.set('lang', lang);
    return url.href;
  }

  function mount(el) {
    for (var i = 0; i < mounted.length; i++) if (mounted[i].el === el) return mounted[i].iframe;
    var lang = el.getAttribute('data-lang');
    var iframe = document.createElement('iframe');
    iframe.src = frameUrl(el);
    iframe.title = el.getAttribute('data-title') || TITLES[lang] || TITLES.ru;
    iframe.setAttribute('allow', 'payment; clipboard-write');
    iframe.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    iframe.style.cssText = 'display:block;width:100%;border:0;overflow:hidden;height:' + INITIAL_HEIGHT + 'px';
    el.appendChild(iframe);
    mounted.push({ el: el, iframe: iframe });
    return iframe;
  }

  function scan() {
    var found = document.querySelectorAll('[data-storefront-widget]');
    for (var i = 0; i < found.length; i++) mount(found[i]);
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== origin) return;
    var data = event.data;
    if (!data || typeof data !== 'object' || data.source !== 'storefront') return;
    for (var i = 0; i < mounted.length; i++) {
      var entry = mounted[i];
      if (entry.iframe.contentWindow !== event.source) continue;
      if (data.type === 'resize' && typeof data.height === 'number' && data.height > 0) {
        entry.iframe.style.height = Math.min(Math.ceil(data.height), MAX_HEIGHT) + 'px';
      } else if (data.type === 'navigate') {
        // A new page inside the frame starts at its top, so bring that top into view.
        if (entry.iframe.getBoundingClientRect().top < 0) entry.iframe.scrollIntoView({ block: 'start' });
      }
      entry.el.dispatchEvent(new CustomEvent('storefront:' + data.type, { detail: { height: data.height } }));
    }
  });

  window.StorefrontWidget = { mount: mount, scan: scan };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan);
  else scan();
})();
