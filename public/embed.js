/*
 * The portal on another site's page, with one tag (docs/embedding.md):
 *
 *   <div id="portal"></div>
 *   <script src="https://portal.example.com/embed.js" data-association="maplegrove"
 *           data-path="/paynow" data-target="#portal" async></script>
 *
 * It puts the portal in a frame there, sized to the portal's content, and gives the page
 * `window.PortalEmbed` (navigate, setTheme, on) and DOM events `portal:<type>` on the target.
 * Plain ES2019 without dependencies: it runs on pages the portal knows nothing of.
 */
(function () {
  'use strict';

  var MIRROR = '/embed';
  var VERSION = 1;
  var DEFAULT_TITLE = 'Community portal';
  /* Until the portal says how tall it is. */
  var FIRST_HEIGHT = '600px';
  var MOUNTED = 'data-portal-embed';
  var FROM_PORTAL = ['ready', 'resize', 'navigate', 'signed-out', 'sign-in-needed'];

  var sequence = 0;

  function messageId() {
    sequence += 1;
    var random = window.crypto && typeof window.crypto.randomUUID === 'function'
      ? window.crypto.randomUUID()
      : Date.now().toString(36) + '-' + Math.random().toString(36).slice(2);
    return random + '-' + sequence;
  }

  /* A path of the portal: never another site (//host), never a backslash or white space. */
  function isPortalPath(path) {
    return typeof path === 'string' && path.charAt(0) === '/' && path.charAt(1) !== '/' && !/[\s\\]/.test(path) && path.length <= 2048;
  }

  function isObject(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  }

  /* What the portal sends, as the protocol has it; anything else is dropped. */
  function fromPortal(data) {
    if (!isObject(data) || data.v !== VERSION || typeof data.id !== 'string' || !isObject(data.payload)) return null;
    if (FROM_PORTAL.indexOf(data.type) < 0) return null;
    var payload = data.payload;
    if (data.type === 'resize') {
      if (typeof payload.height !== 'number' || !isFinite(payload.height) || payload.height < 0) return null;
    } else if (data.type === 'ready' || data.type === 'navigate') {
      if (!isPortalPath(payload.path)) return null;
    }
    return data;
  }

  function createApi() {
    var embeds = [];
    var handlers = [];

    function matching(target) {
      if (target === undefined || target === null) return embeds;
      var element = typeof target === 'string' ? document.querySelector(target) : target;
      return embeds.filter(function (embed) { return embed.target === element || embed.frame === element; });
    }

    function send(type, payload, target) {
      matching(target).forEach(function (embed) { embed.send(type, payload); });
    }

    function received(embed, message) {
      handlers.slice().forEach(function (entry) {
        if (entry.type !== message.type && entry.type !== '*') return;
        if (entry.target && matching(entry.target).indexOf(embed) < 0) return;
        try {
          entry.handler(message.payload, { type: message.type, id: message.id, frame: embed.frame, target: embed.target });
        } catch (error) {
          setTimeout(function () { throw error; });
        }
      });
      var event;
      try {
        event = new CustomEvent('portal:' + message.type, { detail: message.payload, bubbles: true });
      } catch (ignored) {
        event = document.createEvent('CustomEvent');
        event.initCustomEvent('portal:' + message.type, true, false, message.payload);
      }
      embed.target.dispatchEvent(event);
    }

    return {
      /* Shows this path of the portal (such as /paynow) in every frame, or in those of `target`. */
      navigate: function (path, target) {
        if (!isPortalPath(path)) throw new TypeError('PortalEmbed.navigate: a path of the portal such as /paynow');
        send('navigate', { path: path }, target);
      },
      /* Shows the portal in this theme, as if its visitor had chosen it. */
      setTheme: function (name, target) {
        if (typeof name !== 'string' || name === '') throw new TypeError('PortalEmbed.setTheme: a theme name');
        send('theme', { name: name }, target);
      },
      /* Calls `handler(payload, info)` for each message of `type` ('*': all); answers a function that stops it. */
      on: function (type, handler, target) {
        if (typeof handler !== 'function') throw new TypeError('PortalEmbed.on: a function');
        var entry = { type: type, handler: handler, target: target };
        handlers.push(entry);
        return function () {
          var at = handlers.indexOf(entry);
          if (at >= 0) handlers.splice(at, 1);
        };
      },
      _mount: function (script) {
        var embed = mount(script, function (message) { received(embed, message); });
        if (embed) embeds.push(embed);
      },
    };
  }

  function targetOf(script) {
    var selector = script.getAttribute('data-target');
    if (selector) return document.querySelector(selector);
    var container = document.createElement('div');
    script.parentNode.insertBefore(container, script);
    return container;
  }

  function mount(script, onMessage) {
    var code = script.getAttribute('data-association');
    var path = script.getAttribute('data-path') || '/';
    if (!code || !isPortalPath(path)) {
      console.warn('embed.js: data-association and a data-path such as /paynow are needed');
      return null;
    }
    var target = targetOf(script);
    if (!target) {
      console.warn('embed.js: nothing matches data-target ' + script.getAttribute('data-target'));
      return null;
    }
    var origin = new URL(script.src, document.baseURI).origin;
    var address = new URL(MIRROR + (path === '/' ? '' : path), origin);
    address.searchParams.set('association', code);

    var frame = document.createElement('iframe');
    frame.src = address.href;
    frame.title = script.getAttribute('data-title') || DEFAULT_TITLE;
    frame.setAttribute('allow', 'payment');
    frame.style.width = '100%';
    frame.style.border = 'none';
    frame.style.display = 'block';
    frame.style.height = FIRST_HEIGHT;

    /* The portal listens once it is ready: what the page asks before then waits for it. */
    var ready = false;
    var waiting = [];
    var embed = {
      frame: frame,
      target: target,
      origin: origin,
      send: function (type, payload) {
        var message = { v: VERSION, type: type, id: messageId(), payload: payload };
        if (!ready || !frame.contentWindow) {
          waiting.push(message);
          return;
        }
        frame.contentWindow.postMessage(message, origin);
      },
    };

    window.addEventListener('message', function (event) {
      if (event.origin !== origin || !frame.contentWindow || event.source !== frame.contentWindow) return;
      var message = fromPortal(event.data);
      if (!message) return;
      if (message.type === 'resize') frame.style.height = Math.ceil(message.payload.height) + 'px';
      if (message.type === 'ready') {
        ready = true;
        waiting.splice(0).forEach(function (queued) { frame.contentWindow.postMessage(queued, origin); });
      }
      onMessage(message);
    });
    target.appendChild(frame);
    return embed;
  }

  function scriptsToMount() {
    var own = document.currentScript;
    if (own && own.hasAttribute('data-association') && !own.hasAttribute(MOUNTED)) return [own];
    return Array.prototype.filter.call(document.querySelectorAll('script[data-association][src]'), function (script) {
      return !script.hasAttribute(MOUNTED) && /\/embed\.js(?:[?#].*)?$/.test(script.src);
    });
  }

  var api = window.PortalEmbed;
  if (!api || typeof api._mount !== 'function') {
    api = createApi();
    window.PortalEmbed = api;
  }
  var scripts = scriptsToMount();
  scripts.forEach(function (script) { script.setAttribute(MOUNTED, ''); });

  function mountAll() {
    scripts.forEach(function (script) { api._mount(script); });
  }

  /* An async tag may run before the element it names is parsed. */
  var missing = scripts.some(function (script) {
    var selector = script.getAttribute('data-target');
    return selector && !document.querySelector(selector);
  });
  if (missing && document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAll);
  else mountAll();
})();
