// The strain edit page's server side: one loader and one action for /beheer/catalogus/nieuw and /beheer/catalogus/:id.
import crypto from 'node:crypto';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import { z } from 'zod';
import type { StrainReply } from '~/modules/images/components/strain-photo-panel.tsx';
import { catalogueAdmin as t } from '~/i18n/nl/backoffice-catalogue.ts';
import type { SubmissionResult } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { strainSchema } from '~/modules/catalog/strain-admin.schemas.ts';
import { strainForEdit, strainFormChoices } from '~/modules/catalog/strain-admin.server.ts';
import { saveStrain } from '~/flows/save-strain.server.ts';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_MIN_SIDE } from '~/modules/images/upload-limits.ts';
import { ImageUploadError, prepareStrainImage, removeStrainImage, setStrainImage } from '~/modules/images/uploads.server.ts';
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

export async function strainLoader({ request, context, params }: Route.LoaderArgs) {
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

export async function strainAction({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'catalogue.manage');
  const id = strainId(params.id);
  const existing = () => {
    if (id === null) throw data(t.notFound, { status: 404 });
    return id;
  };
  const removeImage = async () => {
    const strain = existing();
    if (!(await removeStrainImage(context.db, actor, strain))) throw data(t.notFound, { status: 404 });
    return redirect(`/beheer/catalogus/${strain}?klaar=foto-weg`);
  };
  const image = async (form: FormData) => {
    const strain = existing();
    const submission = parseWithZod(form, { schema: imageSchema });
    if (submission.status !== 'success') return data<StrainReply>({ intent: 'image', result: submission.reply({ hideFields: ['file'] }) }, { status: 400 });
    try {
      const prepared = await prepareStrainImage(new Uint8Array(await submission.value.file.arrayBuffer()));
      if (!(await setStrainImage(context.db, actor, strain, prepared))) throw data(t.notFound, { status: 404 });
    } catch (e) {
      if (!(e instanceof ImageUploadError)) throw e;
      const m = t.image.errors;
      const message = { type: m.type, tooLarge: m.tooLarge(MB), tooSmall: m.tooSmall(IMAGE_MIN_SIDE), tooManyPixels: m.tooManyPixels(IMAGE_MAX_PIXELS / 1e6), unreadable: m.unreadable }[e.code];
      return data<StrainReply>({ intent: 'image', result: submission.reply({ fieldErrors: { file: [message] }, hideFields: ['file'] }) }, { status: 400 });
    }
    return redirect(`/beheer/catalogus/${strain}?klaar=foto`);
  };
  // One action for the new and the edit form: `id` null creates.
  const save = async (form: FormData) => {
    const submission = parseWithZod(form, { schema: strainSchema });
    const refuse = (result: SubmissionResult<string[]>, status = 400) => data<StrainReply>({ intent: 'save', result }, { status });
    if (submission.status !== 'success') return refuse(submission.reply({ formErrors: [t.formErrors] }));
    if (id !== null && !submission.value.slug) return refuse(submission.reply({ fieldErrors: { slug: [t.errors.required] } }));
    const saved = await saveStrain(context.db, actor, id, submission.value);
    if (saved.ok) return redirect(`/beheer/catalogus/${saved.id}?klaar=${saved.created ? 'aangemaakt' : 'opgeslagen'}`);
    if ('notFound' in saved) throw data(t.notFound, { status: 404 });
    if ('stale' in saved) return refuse(submission.reply({ formErrors: [t.errors.stale] }), 409);
    return refuse(submission.reply({ formErrors: [t.formErrors], fieldErrors: saved.fieldErrors }));
  };
  // The strain form was the page's first form: without intent it saves.
  return dispatchIntent(await readForm(request), { save, image, removeImage }, { invalid: t.errors.intent, fallback: 'save' });
}
