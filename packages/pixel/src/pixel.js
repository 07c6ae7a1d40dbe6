/*! Orbit browser pixel — dependency-free, ES2019. Served at {pixel_script_url}.
 *
 * <script src="{pixel_script_url}" data-advertiser-id="ADVERTISER_ID" async></script>
 *   or  OrbitPixel.init('ADVERTISER_ID', { endpoint: '…/pixel/events', autoPageView: true })
 *
 * Captures the attribution parameters of an ad click (grclid, grcpid, grpuid, gradid, grsig, graid)
 * from the landing URL into first-party storage (30 days), keeps a visitor id (400 days) and a session
 * id (30 minutes idle), sends page views and other events, and gives the backend what the conversion
 * gateway needs: OrbitPixel.getCAPIData() -> { user_data, client_context }.
 */
/* global window, URL */
(function (root) {
  'use strict';
  var ENDPOINT = '__ORBIT_EVENTS_ENDPOINT__';
  var ATTR_KEYS = ['grclid', 'grcpid', 'grpuid', 'gradid', 'grsig', 'graid'];
  var ATTR_TTL = 30 * 24 * 3600 * 1000;
  var VISITOR_TTL = 400 * 24 * 3600 * 1000;
  var SESSION_IDLE = 30 * 60 * 1000;
  var K_ATTR = '_orbit_attr';
  var K_VISITOR = '_orbit_vid';
  var K_SESSION = '_orbit_sid';

  if (root.OrbitPixel && root.OrbitPixel.__orbit) return;

  var memory = {};
  function read(key) {
    var raw = null;
    try {
      raw = root.localStorage.getItem(key);
    } catch {
      raw = memory[key] || null;
    }
    if (!raw) return null;
    try {
      var v = JSON.parse(raw);
      if (!v || typeof v !== 'object' || (v.exp && v.exp < Date.now())) {
        remove(key);
        return null;
      }
      return v;
    } catch {
      return null;
    }
  }
  function write(key, value) {
    var raw = JSON.stringify(value);
    try {
      root.localStorage.setItem(key, raw);
    } catch {
      memory[key] = raw;
    }
  }
  function remove(key) {
    try {
      root.localStorage.removeItem(key);
    } catch {
      delete memory[key];
    }
  }

  function randomId() {
    var b = new Uint8Array(16);
    (root.crypto || root.msCrypto).getRandomValues(b);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    var h = '';
    for (var i = 0; i < 16; i++) h += (b[i] + 0x100).toString(16).slice(1);
    return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
  }

  /** A landing URL carrying grclid or graid replaces the stored attribution (the latest click wins). */
  function captureAttribution(href) {
    var params;
    try {
      params = new URL(href).searchParams;
    } catch {
      return;
    }
    if (!params.get('grclid') && !params.get('graid')) return;
    var a = { exp: Date.now() + ATTR_TTL };
    for (var i = 0; i < ATTR_KEYS.length; i++) {
      var v = params.get(ATTR_KEYS[i]);
      a[ATTR_KEYS[i]] = v ? v.slice(0, 200) : null;
    }
    write(K_ATTR, a);
  }

  function visitorId() {
    var v = read(K_VISITOR);
    if (!v || !v.id) v = { id: randomId() };
    v.exp = Date.now() + VISITOR_TTL;
    write(K_VISITOR, v);
    return v.id;
  }

  /** The current session; a new one after 30 minutes without activity. */
  function sessionId(touch) {
    var now = Date.now();
    var s = read(K_SESSION);
    if (!s || !s.id || now - s.last > SESSION_IDLE) s = { id: randomId(), last: now };
    if (touch) s.last = now;
    s.exp = now + VISITOR_TTL;
    write(K_SESSION, s);
    return s.id;
  }

  function attribution() {
    var a = read(K_ATTR) || {};
    var out = {};
    for (var i = 0; i < ATTR_KEYS.length; i++) out[ATTR_KEYS[i]] = a[ATTR_KEYS[i]] || null;
    return out;
  }

  function clientContext() {
    var nav = root.navigator || {};
    var scr = root.screen || {};
    var c = nav.connection || nav.mozConnection || nav.webkitConnection;
    var tz = null;
    try {
      tz = Intl.DateTimeFormat().resolvedOptions().timeZone || null;
    } catch {
      tz = null;
    }
    return {
      timezone: tz,
      screen: { width: scr.width || null, height: scr.height || null, pixel_ratio: root.devicePixelRatio || 1 },
      viewport: { width: root.innerWidth || null, height: root.innerHeight || null },
      platform: (nav.userAgentData && nav.userAgentData.platform) || nav.platform || null,
      connection: c ? { effective_type: c.effectiveType || null, downlink: c.downlink || null, rtt: c.rtt || null } : null,
    };
  }

  function Pixel(advertiserId, opts) {
    this.advertiserId = String(advertiserId);
    this.endpoint = (opts && opts.endpoint) || ENDPOINT;
    captureAttribution(root.location.href);
    this.visitorId = visitorId();
    this.sessionId = sessionId(true);
    if (!opts || opts.autoPageView !== false) this.page();
  }

  /** Send one event (page_view, click, form_submit, purchase, …) to the events analytics. */
  Pixel.prototype.track = function (eventType, props) {
    var a = attribution();
    var ev = {
      event_type: String(eventType),
      url: root.location.href,
      ts: Date.now(),
      visitor_id: visitorId(),
      session_id: sessionId(true),
      grclid: a.grclid,
    };
    if (props && typeof props === 'object') {
      ev.props = props;
      // A purchase carries the full attribution: the server counts it only when grsig verifies.
      if (props.order_id !== undefined) ev.attribution = a;
    }
    var body = JSON.stringify({ advertiser_id: this.advertiserId, events: [ev] });
    try {
      if (root.navigator && root.navigator.sendBeacon && root.navigator.sendBeacon(this.endpoint, body)) return Promise.resolve(true);
    } catch {
      /* fall through to fetch */
    }
    if (!root.fetch) return Promise.resolve(false);
    return root
      .fetch(this.endpoint, { method: 'POST', body: body, headers: { 'content-type': 'text/plain' }, keepalive: true, mode: 'cors' })
      .then(function (r) {
        return r.ok;
      })
      .catch(function () {
        return false;
      });
  };

  Pixel.prototype.page = function () {
    return this.track('page_view');
  };

  /** What the backend forwards to the conversion gateway; attribution fields are null when the visitor did not come from an ad. */
  Pixel.prototype.getCAPIData = function () {
    var a = attribution();
    return {
      user_data: {
        grclid: a.grclid,
        grcpid: a.grcpid,
        grpuid: a.grpuid,
        gradid: a.gradid,
        grsig: a.grsig,
        graid: a.graid,
        visitor_id: visitorId(),
        session_id: sessionId(false),
        client_user_agent: (root.navigator && root.navigator.userAgent) || null,
      },
      client_context: clientContext(),
    };
  };

  var current = null;
  var api = {
    __orbit: true,
    init: function (advertiserId, opts) {
      if (!advertiserId) throw new Error('OrbitPixel.init needs the advertiser id');
      current = new Pixel(advertiserId, opts);
      return current;
    },
    track: function (eventType, props) {
      return current ? current.track(eventType, props) : Promise.resolve(false);
    },
    getCAPIData: function () {
      if (current) return current.getCAPIData();
      var p = Object.create(Pixel.prototype);
      return p.getCAPIData();
    },
  };
  root.OrbitPixel = api;

  var script = root.document && root.document.currentScript;
  var auto = script && script.getAttribute('data-advertiser-id');
  if (auto) api.init(auto, { endpoint: script.getAttribute('data-endpoint') || undefined });
})(typeof window !== 'undefined' ? window : this);
