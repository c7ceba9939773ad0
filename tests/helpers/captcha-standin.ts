// A local stand-in for hCaptcha, speaking its two protocols: the widget's script (/1/api.js: window.hcaptcha with render,
// getResponse, reset, remove; a checkbox that "solves" the challenge) and siteverify (form-encoded secret + response ->
// { success }). A token passes once, as hCaptcha's do. Integration tests and the captcha e2e start it on loopback.
import http from 'node:http';

export const STANDIN_SECRET = 'captcha-standin-secret';
export const STANDIN_SITE_KEY = 'captcha-standin-site-key';

const WIDGET_SCRIPT = `(function () {
  var onload = new URL(document.currentScript.src).searchParams.get('onload');
  var widgets = {}, n = 0;
  window.hcaptcha = {
    render: function (el, opts) {
      var id = 'standin-' + ++n, label = document.createElement('label'), box = document.createElement('input');
      box.type = 'checkbox';
      box.setAttribute('data-testid', 'captcha-checkbox');
      label.append(box, ' I am human (captcha stand-in)');
      el.appendChild(label);
      widgets[id] = { el: el, response: '' };
      box.addEventListener('change', function () {
        if (!box.checked) return;
        widgets[id].response = 'pass-' + opts.sitekey + '-' + Date.now() + '-' + n;
        if (opts.callback) opts.callback(widgets[id].response);
      });
      return id;
    },
    getResponse: function (id) { return widgets[id] ? widgets[id].response : ''; },
    getRespKey: function () { return ''; },
    reset: function (id) { var w = widgets[id]; if (w) { w.response = ''; var b = w.el.querySelector('input'); if (b) b.checked = false; } },
    remove: function (id) { var w = widgets[id]; if (w) { w.el.textContent = ''; delete widgets[id]; } },
    execute: function () {}, close: function () {}, setData: function () {}
  };
  if (onload && typeof window[onload] === 'function') window[onload]();
})();`;

export interface CaptchaStandIn {
  scriptUrl: string;
  verifyUrl: string;
  /** every siteverify request, in order */
  seen: URLSearchParams[];
  close(): Promise<void>;
}

export async function startCaptchaStandIn(): Promise<CaptchaStandIn> {
  const seen: URLSearchParams[] = [];
  const used = new Set<string>();
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/1/api.js')) {
      // loaded by the widget with crossorigin=anonymous
      res.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' });
      return res.end(WIDGET_SCRIPT);
    }
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      const response = form.get('response') ?? '';
      const success = form.get('secret') === STANDIN_SECRET && response.startsWith(`pass-${STANDIN_SITE_KEY}-`) && !used.has(response);
      if (success) used.add(response);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success, ...(success ? {} : { 'error-codes': ['invalid-input-response'] }) }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { scriptUrl: `${origin}/1/api.js`, verifyUrl: `${origin}/siteverify`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}
