/**
 * The stand-in's control endpoints as the command's tests use them: `control('faults', rule)`
 * posts, `control('log')` reads, and `log()` is the requests the stand-in (or one of its
 * sandboxes, by its URL) has answered, oldest first.
 */
export interface LoggedRequest {
  method: string;
  /** With the query, as asked. */
  path: string;
  status: number;
}

export function standInControl(url: string) {
  const control = async (path: string, body?: unknown) => {
    const response = await fetch(`${url}/__stand-in/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  };
  const log = async () => ((await control('log')) as { requests: LoggedRequest[] }).requests;
  return { control, log };
}
