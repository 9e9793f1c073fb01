// The strain form (one for new and edit): its sections and the small field components they are built of.
import type React from 'react';
import { Form, useNavigation } from 'react-router';
import type { z } from 'zod';
import { Field } from '~/components/ui/form-field.tsx';
import { catalogueAdmin as t } from '~/i18n/nl/backoffice-catalogue.ts';
import { catalog } from '~/i18n/nl/catalog.ts';
import { type FieldMeta, getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { CLIMATES, RELATED_MAX, SLUG_MAX, type strainSchema } from '../strain-admin.schemas.ts';
import { DIFFICULTIES as difficulties, FLOWERINGS, GENOTYPES as genotypes, GROW_SETTINGS as growSettings, PRODUCT_STATUSES as productStatuses, SEXES, STRAIN_TYPES as strainTypes } from '../strain-fields.ts';
import type { strainFormChoices } from '../strain-admin.server.ts';
import { Alert, Panel } from '~/components/backoffice/parts.tsx';
import { SelectField } from '~/components/backoffice/select-field.tsx';
import { fieldClass, smallButton } from '~/components/backoffice/styles.ts';
import { type Choice, choicesOf as options, Options } from '~/components/ui/options.tsx';

type Choices = Awaited<ReturnType<typeof strainFormChoices>>;
/** What the strain page gives the form: the values to show (a new strain's carry its `key`, a stored one's its `revision`) and the link choices. */
type Data = {
  id: number | null;
  values: Record<string, unknown> & { key?: string; revision?: string };
  strains: Pick<Choices['strains'][number], 'id' | 'name' | 'status'>[];
  collections: Choices['collections'];
};


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

function Checks({ legend, meta, choices, type = 'checkbox', hint }: { legend: string; meta: FieldMeta; choices: Choice[]; type?: 'checkbox' | 'radio'; hint?: string }) {
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

/** The strain's texts: the short summary for cards and the long description. */
function TextsPanel({ summary, description }: { summary: FieldMeta; description: FieldMeta }) {
  return (
    <Panel title={t.sections.texts}>
      <div className="grid gap-4 p-4">
        <Field label={t.fields.summary} meta={summary} hint={t.fields.summaryHint}>
          <textarea {...getTextareaProps(summary)} rows={2} maxLength={300} className={fieldClass} />
        </Field>
        <Field label={t.fields.description} meta={description}>
          <textarea {...getTextareaProps(description)} rows={8} maxLength={5000} className={fieldClass} />
        </Field>
      </div>
    </Panel>
  );
}

/** Collections, related strains (one select per slot) and the counterpart. */
function LinksPanel(props: { collections: FieldMeta; related: FieldMeta; counterpart: FieldMeta; collectionChoices: Choice[]; strains: Choice[] }) {
  const { collections, related, counterpart, collectionChoices, strains } = props;
  const relatedValues = (Array.isArray(related.initialValue) ? related.initialValue : [related.initialValue]).filter((v): v is string => typeof v === 'string');
  return (
    <Panel title={t.sections.links}>
      <div className="grid gap-5 p-4">
        <Checks legend={t.fields.collections} meta={collections} choices={collectionChoices} />
        <fieldset aria-describedby={related.errors ? related.errorId : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t.fields.related}</legend>
          <p className="text-xs text-slate-500">{t.fields.relatedHint}</p>
          <div className="mt-1.5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: RELATED_MAX }, (_, i) => (
              <label key={i} className="block text-xs font-medium text-slate-700">
                {t.fields.relatedN(i + 1)}
                <select name="related" defaultValue={relatedValues[i] ?? ''} className={fieldClass} aria-invalid={related.errors ? true : undefined}>
                  <option value="">{t.fields.none}</option>
                  <Options choices={strains} />
                </select>
              </label>
            ))}
          </div>
          <p id={related.errorId} className="mt-1 text-sm font-medium text-red-700 empty:hidden" data-testid="error-related">
            {related.errors?.join(' ')}
          </p>
        </fieldset>
        <div className="max-w-md">
          <SelectField label={t.fields.counterpart} meta={counterpart} hint={t.fields.counterpartHint} empty={t.fields.none} choices={strains} />
        </div>
      </div>
    </Panel>
  );
}

export function StrainForm({ d, answer }: { d: Data; answer: SubmissionResult<string[]> | undefined }) {
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
        <SelectField label={t.fields.flowering} meta={f.flowering} choices={options(FLOWERINGS, t.flowering)} />
        <SelectField label={t.fields.sex} meta={f.sex} choices={options(SEXES, t.sex)} />
        <SelectField label={t.fields.type} meta={f.type} choices={options(strainTypes, catalog.types)} />
        <Number_ label={t.fields.indicaPercent} meta={f.indicaPercent} hint={t.fields.indicaHint} />
        <SelectField label={t.fields.genotype} meta={f.genotype} choices={options(genotypes, catalog.genotypes)} />
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
        <SelectField label={t.fields.difficulty} meta={f.difficulty} choices={options(difficulties, catalog.difficulty)} />
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
      <TextsPanel summary={f.summary} description={f.description} />
      <LinksPanel collections={f.collections} related={f.related} counterpart={f.counterpart} collectionChoices={d.collections.map((c) => ({ value: c.slug, label: c.name }))} strains={strains} />
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
