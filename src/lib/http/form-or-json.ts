import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { describeIssue, jsonError, parseJsonBody, readText, textProblem } from './json.ts';

/**
 * A body that is JSON from the scripts or a plain form post from a page without JavaScript
 * (repeated fields become lists where `lists` names them). Text a form carries is held to the
 * same rules as JSON's (no NUL, no lone surrogates); either way a bad body is a 400.
 */
export async function readFormOrJson<T extends $ZodType>(
  request: Request,
  schema: T,
  lists: readonly string[] = [],
): Promise<{ ok: true; data: output<T>; isForm: boolean } | { ok: false; response: Response }> {
  const isForm = (request.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded');
  if (!isForm) {
    const parsed = await parseJsonBody(request, schema);
    return parsed.ok ? { ok: true, data: parsed.data, isForm } : parsed;
  }
  const form = new URLSearchParams(await readText(request));
  const problem = [...form.values()].map(textProblem).find((p) => p !== null);
  if (problem) return { ok: false, response: jsonError(400, problem) };
  const fields: Record<string, unknown> = Object.fromEntries(form);
  for (const name of lists) fields[name] = form.getAll(name).filter((value) => value !== '');
  const parsed = safeParse(schema, fields);
  return parsed.success ? { ok: true, data: parsed.data, isForm } : { ok: false, response: jsonError(400, describeIssue(parsed.error)) };
}
