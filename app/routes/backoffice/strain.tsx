import crypto from 'node:crypto';
import { parseWithZod } from '@conform-to/zod/v4';
import { ExternalLink, ImageUp } from 'lucide-react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import { Field } from '~/components/ui/form-field.tsx';
import { DIFFICULTIES as difficulties, FLOWERINGS, GENOTYPES as genotypes, GROW_SETTINGS as growSettings, PRODUCT_STATUSES as productStatuses, SEXES, STRAIN_TYPES as strainTypes } from '~/modules/catalog/strain-fields.ts';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { catalogueAdmin as t } from '~/i18n/nl/backoffice-catalogue.ts';
import { catalog } from '~/i18n/nl/catalog.ts';
import { type FieldMeta, getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { CLIMATES, RELATED_MAX, SLUG_MAX, strainSchema } from '~/modules/catalog/strain-admin.schemas.ts';
import { saveStrain, strainForEdit, strainFormChoices } from '~/modules/catalog/strain-admin.server.ts';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_MIN_SIDE } from '~/modules/images/upload-limits.ts';
import { ImageUploadError, prepareStrainImage, removeStrainImage, setStrainImage } from '~/modules/images/uploads.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, fieldClass, PageHeader, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/strain.ts';

const MB = IMAGE_MAX_BYTES / 1024 / 1024;
const imageSchema = z.object({
  file: z.instanceof(File, { error: t.image.errors.file }).refine((f) => f.size > 0, t.image.errors.file),
});

/** The strain's id from the address; null for /beheer/catalogus/nieuw; a 404 for anything else. */
function strainId(param: string): number | null {
  if (param === 'nieuw') return null;
  if (/^[1-9]\d{0,9}$/.test(param) && Number(param) <= 2 ** 31 - 1) return Number(param);
  throw data(t.notFound, { status: 404 });
}

const tenths = (n: number) => (n / 10).toFixed(1).replace('.', ',').replace(/,0$/, '');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'catalogue.manage');
  const id = strainId(params.id);
  const [strain, choices] = await Promise.all([id === null ? null : strainForEdit(context.db, id), strainFormChoices(context.db)]);
  if (id !== null && !strain) throw data(t.notFound, { status: 404 });
  const done = new URL(request.url).searchParams.get('klaar');
  const values = strain
    ? {
        ...strain,
        lineage: strain.lineage.join(', '),
        flavours: strain.flavours.join(', '),
        terpenes: strain.terpenes.join(', '),
        effects: strain.effects.join(', '),
        thc: tenths(strain.thc),
        cbd: tenths(strain.cbd),
        cbg: tenths(strain.cbg),
        indicaPercent: String(strain.indicaPercent),
        yieldIndoor: String(strain.yieldIndoor),
        yieldOutdoor: String(strain.yieldOutdoor),
        heightIndoor: String(strain.heightIndoor),
        heightOutdoor: String(strain.heightOutdoor),
        floweringDaysMin: String(strain.floweringDaysMin),
        floweringDaysMax: String(strain.floweringDaysMax),
        related: strain.related.map(String),
        counterpart: strain.counterpart ? String(strain.counterpart) : '',
        revision: String(strain.revision),
      }
    : {
        status: 'draft',
        flowering: 'photoperiod',
        sex: 'feminized',
        type: 'hybrid',
        genotype: 'f1_hybrid',
        difficulty: 'beginner',
        climates: [],
        growSettings: [],
        collections: [],
        related: [],
        key: crypto.randomUUID(),
      };
  return {
    id,
    values,
    status: strain?.status ?? null,
    slug: strain?.slug ?? null,
    name: strain?.name ?? null,
    image: strain?.image ?? null,
    strains: choices.strains.filter((s) => s.id !== id),
    collections: choices.collections,
    done: done === 'opgeslagen' ? t.saved : done === 'aangemaakt' ? t.created : done === 'foto' ? t.image.uploaded : done === 'foto-weg' ? t.image.removed : null,
  };
}

type ActionData = {
  intent: 'save' | 'image';
  result: SubmissionResult<string[]>;
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'catalogue.manage');
  const id = strainId(params.id);
  const form = await readForm(request);
  const intent = form.get('intent');
  if (intent === 'image' || intent === 'removeImage') {
    if (id === null) throw data(t.notFound, { status: 404 });
    if (intent === 'removeImage') {
      if (!(await removeStrainImage(context.db, actor, id))) throw data(t.notFound, { status: 404 });
      return redirect(`/beheer/catalogus/${id}?klaar=foto-weg`);
    }
    const submission = parseWithZod(form, { schema: imageSchema });
    if (submission.status !== 'success') return data<ActionData>({ intent: 'image', result: submission.reply({ hideFields: ['file'] }) }, { status: 400 });
    try {
      const image = await prepareStrainImage(new Uint8Array(await submission.value.file.arrayBuffer()));
      if (!(await setStrainImage(context.db, actor, id, image))) throw data(t.notFound, { status: 404 });
    } catch (e) {
      if (!(e instanceof ImageUploadError)) throw e;
      const m = t.image.errors;
      const message = {
        type: m.type,
        tooLarge: m.tooLarge(MB),
        tooSmall: m.tooSmall(IMAGE_MIN_SIDE),
        tooManyPixels: m.tooManyPixels(IMAGE_MAX_PIXELS / 1e6),
        unreadable: m.unreadable,
      }[e.code];
      return data<ActionData>(
        {
          intent: 'image',
          result: submission.reply({
            fieldErrors: { file: [message] },
            hideFields: ['file'],
          }),
        },
        { status: 400 },
      );
    }
    return redirect(`/beheer/catalogus/${id}?klaar=foto`);
  }
  const submission = parseWithZod(form, { schema: strainSchema });
  if (submission.status !== 'success')
    return data<ActionData>(
      {
        intent: 'save',
        result: submission.reply({ formErrors: [t.formErrors] }),
      },
      { status: 400 },
    );
  if (id !== null && !submission.value.slug)
    return data<ActionData>(
      {
        intent: 'save',
        result: submission.reply({
          fieldErrors: { slug: [t.errors.required] },
        }),
      },
      { status: 400 },
    );
  const saved = await saveStrain(context.db, actor, id, submission.value);
  if (saved.ok) return redirect(`/beheer/catalogus/${saved.id}?klaar=${saved.created ? 'aangemaakt' : 'opgeslagen'}`);
  if ('notFound' in saved) throw data(t.notFound, { status: 404 });
  if ('stale' in saved)
    return data<ActionData>(
      {
        intent: 'save',
        result: submission.reply({ formErrors: [t.errors.stale] }),
      },
      { status: 409 },
    );
  return data<ActionData>(
    {
      intent: 'save',
      result: submission.reply({
        formErrors: [t.formErrors],
        fieldErrors: saved.fieldErrors,
      }),
    },
    { status: 400 },
  );
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.name ?? t.newTitle} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

type Option = { value: string; label: string };
const options = <K extends string>(values: readonly K[], labels: Record<K, string>): Option[] => values.map((v) => ({ value: v, label: labels[v] }));

function Text({ label, meta, hint, max, className, type = 'text' }: { label: string; meta: FieldMeta; hint?: string; max?: number; className?: string; type?: string }) {
  return (
    <Field label={label} meta={meta} hint={hint} className={className}>
      <input {...getInputProps(meta, { type })} maxLength={max} inputMode={type === 'text' ? undefined : 'decimal'} className={fieldClass} />
    </Field>
  );
}

function Number_({ label, meta, hint, decimal = false }: { label: string; meta: FieldMeta; hint?: string; decimal?: boolean }) {
  return (
    <Field label={label} meta={meta} hint={hint}>
      <input {...getInputProps(meta, { type: 'text' })} inputMode={decimal ? 'decimal' : 'numeric'} className={fieldClass} />
    </Field>
  );
}

function Select({ label, meta, choices, hint, empty }: { label: string; meta: FieldMeta; choices: Option[]; hint?: string; empty?: string }) {
  return (
    <Field label={label} meta={meta} hint={hint}>
      <select {...getSelectProps(meta)} className={fieldClass}>
        {empty !== undefined ? <option value="">{empty}</option> : null}
        {choices.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

function Checks({ legend, meta, choices, type = 'checkbox', hint }: { legend: string; meta: FieldMeta; choices: Option[]; type?: 'checkbox' | 'radio'; hint?: string }) {
  return (
    <fieldset aria-describedby={meta.errors ? meta.errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <div className="mt-1.5 flex flex-wrap gap-2">
        {choices.map((o) => (
          <label
            key={o.value}
            className="inline-flex cursor-pointer items-center gap-2 rounded-lg bg-white px-3 py-1.5 text-sm text-slate-800 ring-1 ring-slate-300 has-checked:bg-primary-50 has-checked:ring-primary-600"
          >
            <input {...getInputProps(meta, { type, value: o.value })} id={`${meta.id}-${o.value}`} className="accent-primary-700" />
            {o.label}
          </label>
        ))}
      </div>
      <p id={meta.errorId} className="mt-1 text-sm font-medium text-red-700 empty:hidden" data-testid={`error-${meta.name}`}>
        {meta.errors?.join(' ')}
      </p>
    </fieldset>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Panel title={title}>
      <div className="grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
    </Panel>
  );
}

function PhotoPanel({
  id,
  image,
  published,
  slug,
  answer,
}: {
  id: number;
  image: { version: string; width: number; height: number } | null;
  published: boolean;
  slug: string;
  answer: ActionData | undefined;
}) {
  const [form, fields] = useForm<{ file: File }>({
    id: 'strain-photo',
    lastResult: answer?.intent === 'image' ? answer.result : undefined,
  });
  const busy = useNavigation().formData?.get('intent') === 'image';
  return (
    <Panel title={t.image.title}>
      <div className="flex flex-wrap items-start gap-4 p-4">
        {image ? (
          <img
            src={`/beheer/catalogus/${id}/foto?v=${image.version}`}
            alt={t.image.current}
            width={160}
            height={160}
            className="h-40 w-40 rounded-xl bg-slate-100 object-cover ring-1 ring-slate-200"
            data-testid="strain-photo"
          />
        ) : published ? (
          <img src={`/images/strains/${slug}?w=320`} alt={t.image.current} width={160} height={160} className="h-40 w-40 rounded-xl bg-slate-100 object-cover ring-1 ring-slate-200" />
        ) : null}
        <div className="min-w-0 flex-1 basis-64 space-y-3">
          <p className="text-sm text-slate-600">{image ? t.image.currentPhoto(image.width, image.height) : t.image.currentArtwork}</p>
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-2">
            <input type="hidden" name="intent" value="image" />
            <Field label={t.image.file} meta={fields.file} hint={t.image.hint(MB, IMAGE_MIN_SIDE)}>
              <input
                {...getInputProps(fields.file, { type: 'file' })}
                accept="image/jpeg,image/png,image/webp,image/avif"
                className={`${fieldClass} file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-semibold`}
              />
            </Field>
            <button type="submit" className={smallButton.primary} disabled={busy}>
              <ImageUp className="h-4 w-4" aria-hidden /> {t.image.upload}
            </button>
          </Form>
          {image ? (
            <Form method="post">
              <input type="hidden" name="intent" value="removeImage" />
              <button type="submit" className={smallButton.danger}>
                {t.image.remove}
              </button>
            </Form>
          ) : null}
        </div>
      </div>
    </Panel>
  );
}

type Data = Route.ComponentProps['loaderData'];

export default function BackofficeStrain({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/beheer/catalogus" className="font-medium text-primary-800 hover:underline">
          ← {t.back}
        </Link>
      </p>
      <PageHeader title={d.name ?? t.newTitle} intro={d.id === null ? t.newIntro : t.editIntro}>
        {d.status ? (
          <div className="flex items-center gap-2">
            <Badge tone={d.status === 'published' ? 'green' : 'amber'}>{t.statuses[d.status]}</Badge>
            {d.status === 'published' && d.slug ? (
              <a href={`/product/${d.slug}`} className={smallButton.secondary} target="_blank" rel="noreferrer">
                <ExternalLink className="h-4 w-4" aria-hidden /> {t.viewInShop}
              </a>
            ) : null}
          </div>
        ) : null}
      </PageHeader>
      {d.done && !actionData ? (
        <div className="mb-4">
          <Alert tone="success">{d.done}</Alert>
        </div>
      ) : null}
      <div className="space-y-4">
        {d.id !== null && d.slug ? <PhotoPanel key={d.image?.version ?? 'none'} id={d.id} image={d.image} published={d.status === 'published'} slug={d.slug} answer={actionData} /> : null}
        {/* A saved revision starts the form afresh from what is stored. */}
        <StrainForm key={'revision' in d.values ? d.values.revision : 'new'} d={d} answer={actionData?.intent === 'save' ? actionData.result : undefined} />
      </div>
    </>
  );
}

function StrainForm({ d, answer }: { d: Data; answer: SubmissionResult<string[]> | undefined }) {
  const [form, f] = useForm<z.input<typeof strainSchema>>({
    id: `strain-${d.id ?? 'new'}`,
    lastResult: answer,
    defaultValue: d.values,
    shouldRevalidate: 'onInput',
  });
  const busy = useNavigation().formData?.get('intent') === 'save';
  const strains = d.strains.map((s) => ({
    value: String(s.id),
    label: s.status === 'draft' ? `${s.name} (${t.statuses.draft.toLowerCase()})` : s.name,
  }));
  const relatedValues = (Array.isArray(f.related.initialValue) ? f.related.initialValue : [f.related.initialValue]).filter((v): v is string => typeof v === 'string');
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      {form.errors ? (
        <div id={form.errorId}>
          <Alert>{form.errors.join(' ')}</Alert>
        </div>
      ) : null}
      <input type="hidden" name="intent" value="save" />
      {'key' in d.values && d.values.key ? <input type="hidden" name="key" value={d.values.key} /> : null}
      {'revision' in d.values ? <input type="hidden" name="revision" value={d.values.revision} /> : null}
      <Section title={t.sections.basics}>
        <Text label={t.fields.name} meta={f.name} max={100} />
        <Text label={t.fields.slug} meta={f.slug} hint={t.fields.slugHint} max={SLUG_MAX} />
        <Text label={t.fields.breeder} meta={f.breeder} max={100} />
      </Section>
      <Section title={t.sections.identity}>
        <Select label={t.fields.flowering} meta={f.flowering} choices={options(FLOWERINGS, t.flowering)} />
        <Select label={t.fields.sex} meta={f.sex} choices={options(SEXES, t.sex)} />
        <Select label={t.fields.type} meta={f.type} choices={options(strainTypes, catalog.types)} />
        <Number_ label={t.fields.indicaPercent} meta={f.indicaPercent} hint={t.fields.indicaHint} />
        <Select label={t.fields.genotype} meta={f.genotype} choices={options(genotypes, catalog.genotypes)} />
        <Text label={t.fields.genetics} meta={f.genetics} hint={t.fields.geneticsHint} max={200} />
        <Text label={t.fields.lineage} meta={f.lineage} hint={t.fields.listHint} className="sm:col-span-2 lg:col-span-3" />
      </Section>
      <Section title={t.sections.cannabinoids}>
        <Number_ label={t.fields.thc} meta={f.thc} hint={t.fields.percentHint} decimal />
        <Number_ label={t.fields.cbd} meta={f.cbd} hint={t.fields.percentHint} decimal />
        <Number_ label={t.fields.cbg} meta={f.cbg} hint={t.fields.percentHint} decimal />
      </Section>
      <Section title={t.sections.growing}>
        <Number_ label={t.fields.floweringDaysMin} meta={f.floweringDaysMin} />
        <Number_ label={t.fields.floweringDaysMax} meta={f.floweringDaysMax} />
        <Select label={t.fields.difficulty} meta={f.difficulty} choices={options(difficulties, catalog.difficulty)} />
        <Number_ label={t.fields.yieldIndoor} meta={f.yieldIndoor} />
        <Number_ label={t.fields.yieldOutdoor} meta={f.yieldOutdoor} />
        <div className="hidden lg:block" />
        <Number_ label={t.fields.heightIndoor} meta={f.heightIndoor} />
        <Number_ label={t.fields.heightOutdoor} meta={f.heightOutdoor} />
        <div className="hidden lg:block" />
        <div className="sm:col-span-2 lg:col-span-3">
          <Checks legend={t.fields.climates} meta={f.climates} choices={options(CLIMATES, catalog.climates)} />
        </div>
        <div className="sm:col-span-2 lg:col-span-3">
          <Checks legend={t.fields.growSettings} meta={f.growSettings} choices={options(growSettings, catalog.growSettings)} />
        </div>
      </Section>
      <Section title={t.sections.profile}>
        <Text label={t.fields.flavours} meta={f.flavours} hint={t.fields.listHint} />
        <Text label={t.fields.terpenes} meta={f.terpenes} hint={t.fields.listHint} />
        <Text label={t.fields.effects} meta={f.effects} hint={t.fields.listHint} />
      </Section>
      <Panel title={t.sections.texts}>
        <div className="grid gap-4 p-4">
          <Field label={t.fields.summary} meta={f.summary} hint={t.fields.summaryHint}>
            <textarea {...getTextareaProps(f.summary)} rows={2} maxLength={300} className={fieldClass} />
          </Field>
          <Field label={t.fields.description} meta={f.description}>
            <textarea {...getTextareaProps(f.description)} rows={8} maxLength={5000} className={fieldClass} />
          </Field>
        </div>
      </Panel>
      <Panel title={t.sections.links}>
        <div className="grid gap-5 p-4">
          <Checks
            legend={t.fields.collections}
            meta={f.collections}
            choices={d.collections.map((c) => ({
              value: c.slug,
              label: c.name,
            }))}
          />
          <fieldset aria-describedby={f.related.errors ? f.related.errorId : undefined}>
            <legend className="text-sm font-medium text-slate-800">{t.fields.related}</legend>
            <p className="text-xs text-slate-500">{t.fields.relatedHint}</p>
            <div className="mt-1.5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {Array.from({ length: RELATED_MAX }, (_, i) => (
                <label key={i} className="block text-xs font-medium text-slate-700">
                  {t.fields.relatedN(i + 1)}
                  <select name="related" defaultValue={relatedValues[i] ?? ''} className={fieldClass} aria-invalid={f.related.errors ? true : undefined}>
                    <option value="">{t.fields.none}</option>
                    {strains.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </div>
            <p id={f.related.errorId} className="mt-1 text-sm font-medium text-red-700 empty:hidden" data-testid="error-related">
              {f.related.errors?.join(' ')}
            </p>
          </fieldset>
          <div className="max-w-md">
            <Select label={t.fields.counterpart} meta={f.counterpart} hint={t.fields.counterpartHint} empty={t.fields.none} choices={strains} />
          </div>
        </div>
      </Panel>
      <Panel title={t.sections.status}>
        <div className="flex flex-wrap items-end justify-between gap-4 p-4">
          <Checks legend={t.fields.status} meta={f.status} type="radio" choices={options(productStatuses, t.statuses)} />
          <button type="submit" className={`${smallButton.primary} px-5`} disabled={busy}>
            {d.id === null ? t.create : t.save}
          </button>
        </div>
        <p className="border-t border-slate-200 px-4 py-3 text-xs text-slate-600">{t.packsHint}</p>
      </Panel>
    </Form>
  );
}
