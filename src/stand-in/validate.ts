/**
 * Validation in the PHP framework's 422 shape, for the signup and contact endpoints.
 */

export const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@(?:[^\s@<>()[\]\\,;:".]+\.)+[^\s@<>()[\]\\,;:".\d][^\s@<>()[\]\\,;:".]*$/u;

export type FieldErrors = Record<string, string[]>;

export function checkString(
  errors: FieldErrors,
  values: Record<string, unknown>,
  field: string,
  { required = false, max, notString }: { required?: boolean; max: number; notString?: string },
): string | undefined {
  const value = values[field];
  const add = (message: string) => (errors[field] ??= []).push(message);
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    if (required) add(`The ${field} field is required.`);
    return undefined;
  }
  if (typeof value !== 'string') {
    add(notString ?? `The ${field} field must be a string.`);
    return undefined;
  }
  if (value.length > max) add(`The ${field} field must not be greater than ${max} characters.`);
  return value.trim();
}

export function fieldsOf(errors: FieldErrors, value: unknown): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    errors.fields = ['The fields field must be an array.'];
    return undefined;
  }
  const fields: Record<string, string> = {};
  for (const [key, raw] of Object.entries(value).slice(0, 50)) {
    if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') {
      fields[key] = String(raw).slice(0, 1000);
    } else if (Array.isArray(raw)) {
      fields[key] = raw.filter((x) => typeof x === 'string').join(', ').slice(0, 1000);
    }
  }
  return Object.keys(fields).length ? fields : undefined;
}

export interface Submission {
  email: string;
  name?: string;
  message?: string;
  fields?: Record<string, string>;
}

export type Checked = { ok: true; submission: Submission } | { ok: false; errors: FieldErrors };

export function validate(values: Record<string, unknown>, contact: boolean): Checked {
  const errors: FieldErrors = {};
  const invalidEmail = 'The email field must be a valid email address.';
  const email = checkString(errors, values, 'email', { required: true, max: 255, notString: invalidEmail });
  if (email !== undefined && !errors.email && !EMAIL.test(email)) {
    errors.email = [invalidEmail];
  }
  const name = checkString(errors, values, 'name', { max: 255 });
  const message = contact ? checkString(errors, values, 'message', { required: true, max: 5000 }) : undefined;
  const fields = contact ? undefined : fieldsOf(errors, values.fields);
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, submission: { email: email!, name, message, fields } };
}

/** The PHP framework's summary: the first error, and how many more there are. */
export function summary(errors: FieldErrors): string {
  const all = Object.values(errors).flat();
  const more = all.length - 1;
  return more > 0 ? `${all[0]} (and ${more} more error${more === 1 ? '' : 's'})` : all[0]!;
}
