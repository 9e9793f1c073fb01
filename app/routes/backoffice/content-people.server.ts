// The authors and categories page's server side: one handler per form, picked by the form's intent.
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { z } from 'zod';
import type { PeopleReply } from '~/modules/blog/components/people-forms.tsx';
import { contentTexts } from '~/i18n/nl/backoffice-content.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { deleteAuthorOrCategory, listAuthorsForStaff, listCategoriesForStaff, saveAuthor, saveCategory, type SaveResult } from '~/modules/blog/blog-admin.server.ts';
import { authorSchema, categorySchema, rowId } from '~/modules/blog/blog-admin.schemas.ts';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/content-people.ts';

const e = contentTexts.errors;
const deleteSchema = z.object({ intent: z.enum(['delete-author', 'delete-category']), id: rowId });

export async function peopleLoader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'content.manage');
  const [authors, categories] = await Promise.all([listAuthorsForStaff(context.db), listCategoriesForStaff(context.db)]);
  return { authors: authors.map((a) => ({ ...a, version: a.updatedAt.toISOString() })), categories: categories.map((c) => ({ ...c, version: c.updatedAt.toISOString() })) };
}

const failure = (r: Exclude<SaveResult, { ok: true }>) => (r.error === 'slugTaken' ? e.slugTaken : r.error === 'inUse' ? e.inUse(r.n ?? 1) : r.error === 'notFound' ? contentTexts.notFound : contentTexts.stale);

export async function peopleAction({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'content.manage');
  const remove = async (form: FormData) => {
    const del = deleteSchema.safeParse(Object.fromEntries(form));
    if (!del.success) throw data(contentTexts.notFound, { status: 404 });
    const entity = del.data.intent === 'delete-author' ? 'author' : 'post_category';
    const formId = `${entity}-${del.data.id}`;
    const done = await deleteAuthorOrCategory(context.db, actor, entity, del.data.id);
    if (!done.ok) return data<PeopleReply>({ result: { status: 'error', error: { '': [failure(done)] } }, formId }, { status: 409 });
    return data<PeopleReply>({ result: {}, formId, done: contentTexts.deleted });
  };
  // One handler for an author's new and edit form, one for a category's: `id` says which.
  const save = (entity: 'author' | 'post_category') => async (form: FormData) => {
    const submission = entity === 'author' ? parseWithZod(form, { schema: authorSchema }) : parseWithZod(form, { schema: categorySchema });
    const formId = submission.payload.id ? `${entity}-${String(submission.payload.id)}` : `${entity}-new`;
    if (submission.status !== 'success') return data<PeopleReply>({ result: submission.reply(), formId }, { status: 400 });
    const v = submission.value;
    const saved = 'role' in v ? await saveAuthor(context.db, actor, v) : await saveCategory(context.db, actor, v);
    if (saved.ok) return data<PeopleReply>({ result: submission.reply({ resetForm: !v.id }), formId, done: contentTexts.saved });
    const message = failure(saved);
    const reply = saved.field ? submission.reply({ fieldErrors: { [saved.field]: [message] } }) : submission.reply({ formErrors: [message] });
    return data<PeopleReply>({ result: reply, formId }, { status: saved.error === 'stale' ? 409 : 400 });
  };
  // A form without intent was a category's once (the last branch): it still is.
  return dispatchIntent(
    await readForm(request),
    { 'delete-author': remove, 'delete-category': remove, author: save('author'), category: save('post_category') },
    { invalid: contentTexts.notFound, fallback: 'category' },
  );
}
