/* The salon booking embed: <script src="https://book.example/embed.js" data-salon="studio-nine" async></script>
   shows the salon's booking page in a frame that takes its content's height, or, with
   data-mode="button", a link that opens it. No cookie, no tracking, no dependency. */
(function () {
  'use strict';
  var d = document;
  var self = d.currentScript;
  if (!self || !self.src) return;
  var base = new URL(self.src).origin;
  var HEIGHT = 'salon-booking:height';
  var frames = [];

  addEventListener('message', function (e) {
    if (e.origin !== base) return;
    var m = e.data;
    if (!m || typeof m !== 'object' || m.type !== HEIGHT || typeof m.height !== 'number' || !isFinite(m.height)) return;
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === e.source) {
        frames[i].style.height = Math.min(Math.max(Math.ceil(m.height), 200), 10000) + 'px';
      }
    }
  });

  function mount(tag) {
    var salon = tag.getAttribute('data-salon') || '';
    if (tag.hasAttribute('data-salon-mounted') || !/^[A-Za-z0-9_-]{1,64}$/.test(salon)) return;
    tag.setAttribute('data-salon-mounted', '');
    var page = base + '/book/' + salon;
    var el;
    if (tag.getAttribute('data-mode') === 'button') {
      el = d.createElement('a');
      el.href = page;
      el.target = '_blank';
      el.rel = 'noopener';
      el.textContent = tag.getAttribute('data-label') || 'Book';
      el.className = 'salon-booking-button';
      el.setAttribute('style', 'display:inline-block;padding:.75em 1.5em;border-radius:.5em;background:#1f4e79;color:#fff;' +
        'font:600 1rem/1.2 system-ui,sans-serif;text-decoration:none');
    } else {
      el = d.createElement('iframe');
      el.src = page + '?embed=' + encodeURIComponent(location.origin);
      el.title = tag.getAttribute('data-title') || 'Book a time';
      el.className = 'salon-booking-frame';
      el.setAttribute('style', 'display:block;width:100%;max-width:100%;border:0;height:640px');
      frames.push(el);
    }
    tag.parentNode.insertBefore(el, tag.nextSibling);
  }

  function scan() {
    var tags = d.querySelectorAll('script[data-salon]');
    for (var i = 0; i < tags.length; i++) {
      try {
        if (new URL(tags[i].src, location.href).origin === base) mount(tags[i]);
      } catch (e) { /* not a script of ours */ }
    }
  }
  window.salonBookingEmbed = { scan: scan };
  if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', scan);
  else scan();
})();
