// The sandbox provider's hosted entry page: sends the typed details to the sandbox (never to the
// portal), shows field errors next to their fields, and on success tells the parent window which
// method was attached (postMessage to the origin the page was opened for). In full-page mode (the
// page was opened with a return path, checked by the server) it instead sends the browser back to
// that path with setupIntent=<id>. Framed, it also tells the parent its content height whenever it
// changes (errors shown, the form swapped for the saved note), so the frame can fit it without an
// inner scroll bar. No inline script: the page's CSP allows only 'self'.
(function () {
  'use strict';
  var form = document.getElementById('entry-form');
  if (!form) return;
  var intentId = form.getAttribute('data-setup-intent');
  var secret = form.getAttribute('data-secret');
  var kind = form.getAttribute('data-kind');
  var parentOrigin = form.getAttribute('data-origin');
  var returnPath = form.getAttribute('data-return');
  var cancel = document.getElementById('cancel');
  var summary = document.getElementById('error-summary');
  var summaryText = document.getElementById('error-summary-text');
  var done = document.getElementById('done');
  var button = document.getElementById('submit');
  var framed = !returnPath && window.parent && window.parent !== window;

  // The page's own height (not the frame's: the document is at least as tall as the frame).
  function reportHeight() {
    var height = Math.ceil(document.body.getBoundingClientRect().height);
    window.parent.postMessage({ type: 'sandbox-provider:resize', height: height }, parentOrigin);
  }
  if (framed) {
    if (typeof ResizeObserver === 'function') new ResizeObserver(reportHeight).observe(document.body);
    reportHeight();
  }

  var fields = kind === 'card' ? ['number', 'expiry', 'cvc', 'name'] : ['routingNumber', 'accountNumber', 'accountType', 'holderName'];

  function fieldInput(name) {
    return name === 'accountType' ? document.getElementById('accountType-checking') : document.getElementById(name);
  }

  function clearErrors() {
    summary.hidden = true;
    summaryText.textContent = '';
    fields.forEach(function (name) {
      var el = document.getElementById(name + '-error');
      if (el) { el.textContent = ''; el.hidden = true; }
      var input = fieldInput(name);
      if (input) input.removeAttribute('aria-invalid');
    });
  }

  function showErrors(message, fieldErrors) {
    var first = null;
    Object.keys(fieldErrors || {}).forEach(function (name) {
      var el = document.getElementById(name + '-error');
      var input = fieldInput(name);
      if (!el || !input) return;
      el.textContent = fieldErrors[name];
      el.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      if (!first) first = input;
    });
    summaryText.textContent = message;
    summary.hidden = false;
    if (first) first.focus(); else summary.focus();
  }

  function value(name) {
    if (name === 'accountType') {
      var checked = form.querySelector('input[name="accountType"]:checked');
      return checked ? checked.value : '';
    }
    var input = document.getElementById(name);
    return input ? input.value : '';
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    clearErrors();
    var body = { secret: secret, kind: kind };
    fields.forEach(function (name) { body[name] = value(name); });
    button.disabled = true;
    fetch('/sandbox-provider/api/setup-intents/' + encodeURIComponent(intentId) + '/attach', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
    })
      .then(function (res) {
        return res.json().then(function (json) { return { ok: res.ok, json: json }; }, function () { return { ok: false, json: null }; });
      })
      .then(function (r) {
        button.disabled = false;
        if (!r.ok) {
          var err = (r.json && r.json.error) || {};
          showErrors(err.message || 'The details could not be saved. Try again.', err.fields);
          return;
        }
        var m = r.json.method;
        form.hidden = true;
        done.textContent = m.kind === 'card'
          ? 'Card ending in ' + m.last4 + ' saved.'
          : 'Bank account ending in ' + m.last4 + ' saved.';
        done.hidden = false;
        done.focus();
        if (returnPath) {
          if (cancel) cancel.hidden = true;
          var back = new URL(returnPath, window.location.origin);
          if (back.origin !== window.location.origin) return;
          back.searchParams.set('setupIntent', intentId);
          done.textContent += ' Returning you to the payment page…';
          window.location.assign(back.pathname + back.search + back.hash);
          return;
        }
        if (window.parent && window.parent !== window) {
          window.parent.postMessage({
            type: 'sandbox-provider:attached',
            setupIntentId: intentId,
            method: {
              kind: m.kind,
              brand: m.brand,
              last4: m.last4,
              expMonth: m.expMonth,
              expYear: m.expYear,
              bankAccountType: m.bankAccountType,
            },
          }, parentOrigin);
        }
      })
      .catch(function () {
        button.disabled = false;
        showErrors('The details could not be sent. Check your connection and try again.', {});
      });
  });
}());
