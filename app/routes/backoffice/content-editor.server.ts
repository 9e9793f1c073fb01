// What the page and the blog post editors share on the server: their reply, and the Voorbeeld button's answer.
import { data } from 'react-router';
import type { SubmissionResult } from '~/lib/form.ts';
import { type Block, parseMarkdown } from '~/lib/markdown.ts';

export type ContentEditorReply = { result: SubmissionResult<string[]>; preview?: Block[] };

/** Voorbeeld: the text as the shop would show it, nothing saved and nothing refused yet. */
export function previewReply(form: FormData, payload: SubmissionResult<string[]>['initialValue']) {
  const body = form.get('body');
  return data<ContentEditorReply>({ result: { initialValue: payload, error: {} }, preview: parseMarkdown(typeof body === 'string' ? body : '').blocks });
}
