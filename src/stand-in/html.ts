/**
 * The small pages a browser without JavaScript sees after posting a plain HTML form.
 * Self-contained: no scripts, no styles, no outside resources, so they pass any CSP.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export interface PageContent {
  title: string;
  message: string;
  /** Field errors, listed under the message. */
  errors?: string[];
  /** Where "Back" goes: only ever an http(s) URL the caller has checked. */
  back?: string;
}

export function page({ title, message, errors = [], back }: PageContent): string {
  const list = errors.length ? `<ul>${errors.map((e) => `<li>${escapeHtml(e)}</li>`).join('')}</ul>` : '';
  const link = back ? `<p><a href="${escapeHtml(back)}">Back to the page you came from</a></p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${list}${link}
</main>
</body>
</html>
`;
}
