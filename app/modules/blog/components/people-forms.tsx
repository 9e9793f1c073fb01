// The authors and categories page's forms: one per author or category, new or edit.
import { Plus } from 'lucide-react';
import type React from 'react';
import { Form, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { contentTexts } from '~/i18n/nl/backoffice-content.ts';
import { type FieldMeta, type FormMetadata, getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { Alert } from '~/components/backoffice/parts.tsx';
import { fieldClass, smallButton } from '~/components/backoffice/styles.ts';
import type { listAuthorsForStaff, listCategoriesForStaff } from '../blog-admin.server.ts';

const t = contentTexts.people;

/** What the page's action answers; `formId` says which of its many forms. */
export type PeopleReply = { result: SubmissionResult<string[]>; formId: string; done?: string };

// The page hands each row over with its `version`, the stamp the save checks under the row lock.
type Author = Awaited<ReturnType<typeof listAuthorsForStaff>>[number] & { version: string };
type Category = Awaited<ReturnType<typeof listCategoriesForStaff>>[number] & { version: string };

/** One author's or category's form: its error, what it saves (a stored row carries its id and version) and the save button. */
function PeopleForm({ form, intent, row, submit, children }: { form: FormMetadata; intent: string; row?: { id: number; version: string }; submit: string; children: React.ReactNode }) {
  const busy = useNavigation().state !== 'idle';
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      {form.errors ? <Alert id={form.errorId}>{form.errors.join(' ')}</Alert> : null}
      <input type="hidden" name="intent" value={intent} />
      {row ? (
        <>
          <input type="hidden" name="id" value={row.id} />
          <input type="hidden" name="version" value={row.version} />
        </>
      ) : null}
      {children}
      <button type="submit" className={smallButton.primary} disabled={busy}>
        {submit}
      </button>
    </Form>
  );
}

/** The name and the web address (slug) every author and category has. */
function NameAndSlug({ name, slug, nameMax }: { name: FieldMeta; slug: FieldMeta; nameMax: number }) {
  return (
    <>
      <Field label={t.fields.name} meta={name}>
        <input {...getInputProps(name, { type: 'text' })} maxLength={nameMax} className={fieldClass} />
      </Field>
      <Field label={t.fields.slug} meta={slug}>
        <input {...getInputProps(slug, { type: 'text' })} maxLength={100} className={`${fieldClass} font-mono`} />
      </Field>
    </>
  );
}

export function AuthorForm({ author, answer }: { author?: Author; answer: PeopleReply | undefined }) {
  const id = author ? `author-${author.id}` : 'author-new';
  const [form, f] = useForm<{ name: string; slug: string; role: string; bio: string; expertise: string }>({
    id,
    lastResult: answer?.formId === id ? answer.result : undefined,
    defaultValue: author ? { name: author.name, slug: author.slug, role: author.role, bio: author.bio, expertise: author.expertise.join(', ') } : {},
    shouldRevalidate: 'onInput',
  });
  return (
    <PeopleForm form={form} intent="author" row={author} submit={author ? contentTexts.save : t.addAuthor}>
      <div className="grid gap-3 sm:grid-cols-2">
        <NameAndSlug name={f.name} slug={f.slug} nameMax={100} />
      </div>
      <Field label={t.fields.role} meta={f.role}>
        <input {...getInputProps(f.role, { type: 'text' })} maxLength={100} className={fieldClass} />
      </Field>
      <Field label={t.fields.bio} meta={f.bio} hint={t.fields.bioHint}>
        <textarea {...getTextareaProps(f.bio)} rows={4} maxLength={3000} className={fieldClass} />
      </Field>
      <Field label={t.fields.expertise} meta={f.expertise} hint={t.fields.expertiseHint}>
        <input {...getInputProps(f.expertise, { type: 'text' })} maxLength={500} className={fieldClass} />
      </Field>
    </PeopleForm>
  );
}

export function CategoryForm({ category, answer, nextPosition }: { category?: Category; answer: PeopleReply | undefined; nextPosition: number }) {
  const id = category ? `post_category-${category.id}` : 'post_category-new';
  const [form, f] = useForm<{ name: string; slug: string; description: string; position: string }>({
    id,
    lastResult: answer?.formId === id ? answer.result : undefined,
    defaultValue: category ? { name: category.name, slug: category.slug, description: category.description, position: String(category.position) } : { position: String(nextPosition) },
    shouldRevalidate: 'onInput',
  });
  return (
    <PeopleForm form={form} intent="category" row={category} submit={category ? contentTexts.save : t.addCategory}>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_6rem]">
        <NameAndSlug name={f.name} slug={f.slug} nameMax={60} />
        <Field label={t.fields.position} meta={f.position}>
          <input {...getInputProps(f.position, { type: 'number' })} min={0} max={999} className={fieldClass} />
        </Field>
      </div>
      <Field label={t.fields.description} meta={f.description}>
        <textarea {...getTextareaProps(f.description)} rows={2} maxLength={300} className={fieldClass} />
      </Field>
    </PeopleForm>
  );
}

/** A closed box with the form for a new one; open after a refused save. */
export function AddBox({ label, open, children }: { label: string; open: boolean; children: React.ReactNode }) {
  return (
    <details className="border-b border-slate-200 p-4" open={open || undefined}>
      <summary className={`${smallButton.secondary} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        <Plus className="h-4 w-4" aria-hidden /> {label}
      </summary>
      <div className="mt-4">{children}</div>
    </details>
  );
}
