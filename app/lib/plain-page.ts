// A complete HTML page without the app: for answers given before (or without) React Router, such as the
// database outage page and refused requests. No scripts, styles inline, the shop's colours.
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function plainPage(p: { title: string; heading: string; text: string; action?: string; href?: string }): string {
  const action = p.action ? `<a href="${escape(p.href ?? '')}">${escape(p.action)}</a>` : '';
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escape(p.title)} · Kiemkracht</title><style>body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f8fafc;color:#0f172a;display:grid;min-height:100vh;place-items:center}main{max-width:32rem;padding:2rem;text-align:center}p.brand{font-weight:800;color:#15803d;letter-spacing:.02em}h1{font-size:1.875rem;line-height:1.2;margin:.5rem 0 1rem}p{color:#334155;line-height:1.6}a{display:inline-block;margin-top:1.5rem;padding:.75rem 1.25rem;border-radius:.75rem;background:#15803d;color:#fff;text-decoration:none;font-weight:600}</style></head><body><main><p class="brand">Kiemkracht</p><h1>${escape(p.heading)}</h1><p>${escape(p.text)}</p>${action}</main></body></html>`;
}
