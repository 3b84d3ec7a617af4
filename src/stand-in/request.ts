/**
 * Reading a request as the service does: its body (JSON, urlencoded or multipart, with PHP's
 * `fields[…]` nesting), what it accepts, and the URLs and path segments it carries.
 */

const MAX_API_BODY = 256 * 1024;

export type Input = { kind: 'json' | 'form' | 'other'; values: Record<string, unknown> };

function formValues(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const fields: Record<string, string> = {};
  for (const [key, raw] of entries) {
    if (typeof raw !== 'string') continue;
    // PHP reads `fields[source]=footer` as a nested map; `fields[tags][]` as a list.
    const nested = /^fields\[([^\]]+)\](\[\])?$/.exec(key);
    if (nested) {
      const name = nested[1]!;
      fields[name] = nested[2] && fields[name] ? `${fields[name]}, ${raw}` : raw;
    } else {
      values[key] = raw;
    }
  }
  if (Object.keys(fields).length) values.fields = fields;
  return values;
}

export async function readInput(request: Request): Promise<Input | 'too-large'> {
  const type = (request.headers.get('Content-Type') ?? '').toLowerCase();
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > MAX_API_BODY) return 'too-large';
  if (type.startsWith('multipart/form-data')) {
    try {
      return { kind: 'form', values: formValues((await request.formData()).entries()) };
    } catch {
      return { kind: 'form', values: {} };
    }
  }
  const text = await request.text();
  if (text.length > MAX_API_BODY) return 'too-large';
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return { kind: 'form', values: formValues(new URLSearchParams(text).entries()) };
  }
  if (type.includes('json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return { kind: 'json', values: parsed as Record<string, unknown> };
      }
    } catch {
      // A body that is not JSON is read as no input at all, as the PHP framework does.
    }
    return { kind: 'json', values: {} };
  }
  return { kind: 'other', values: {} };
}

/** The `email` a POST's body names (JSON or form), for the log; undefined when it names none. */
export async function emailOf(request: Request): Promise<string | undefined> {
  try {
    const read = await readInput(request);
    const email = read === 'too-large' ? undefined : read.values.email;
    return typeof email === 'string' && email !== '' ? email.slice(0, 320) : undefined;
  } catch {
    return undefined;
  }
}

export function wantsJson(request: Request): boolean {
  return /\bjson\b|\+json/i.test(request.headers.get('Accept') ?? '');
}

/** `value` as a URL if it is an http(s) one (a Referer, a redirect target), else undefined. */
export function httpUrl(value: string | null): URL | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** A path segment, percent-decoded; undefined when it does not decode. */
export function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
