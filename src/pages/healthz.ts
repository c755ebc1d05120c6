import type { APIRoute } from 'astro';
import { checkHealth } from '#/features/platform/health.server.ts';

export const GET: APIRoute = async () => {
  const report = await checkHealth();
  return Response.json(report, { status: report.status === 'ok' ? 200 : 503 });
};
