import { readForm } from '~/lib/form.server.ts';
import { BODY_MAX } from '~/modules/blog/blog-admin.schemas.ts';
import { parseMarkdown } from '~/lib/markdown.ts';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/content-preview.ts';

// The live preview of the Markdown editors (/beheer/inhoud): the shop's own parser, run here, so the browser
// only draws the parsed blocks (ADR 036). Saves nothing.
export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(context.db, request, 'content.manage');
  const body = (await readForm(request)).get('body');
  const blocks = typeof body === 'string' ? parseMarkdown(body.slice(0, BODY_MAX)).blocks : [];
  return Response.json({ blocks }, { headers: { 'Cache-Control': 'private, no-store' } });
}
