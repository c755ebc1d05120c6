import type { z } from 'zod';
import { jsonError, parseJsonBody, readText, textProblem } from '../../../lib/http/json.ts';

/**
 * A complaint request's body, JSON from the scripts or a plain form post from a page without
 * JavaScript (repeated fields become lists where `lists` names them).
 */
export async function readIssueBody<T extends z.ZodType>(request: Request, schema: T, lists: readonly string[] = []): Promise<{ ok: true; data: z.infer<T>; isForm: boolean } | { ok: false; response: Response }> {
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
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, response: jsonError(400, `${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'Invalid request'}`) };
  }
  return { ok: true, data: parsed.data, isForm };
}
