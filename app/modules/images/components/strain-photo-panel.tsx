import { ImageUp } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import { RowForm } from '~/components/backoffice/row-form.tsx';
import { Field } from '~/components/ui/form-field.tsx';
import { catalogueAdmin as t } from '~/i18n/nl/backoffice-catalogue.ts';
import { getFormProps, getInputProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { IMAGE_MAX_BYTES, IMAGE_MIN_SIDE } from '../upload-limits.ts';
import { fieldClass, smallButton } from '~/components/backoffice/styles.ts';
import { Panel } from '~/components/backoffice/parts.tsx';

const MB = IMAGE_MAX_BYTES / 1024 / 1024;

/** What the strain page's action answers when it does not redirect. */
export type StrainReply = { intent: 'save' | 'image'; result: SubmissionResult<string[]> };

/** A strain's photo: the uploaded one (also for a draft), else the shop's artwork; upload a new one or remove it. */
export function PhotoPanel({
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
  answer: StrainReply | undefined;
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
          {image ? <RowForm intent="removeImage" fields={{}} label={t.image.remove} /> : null}
        </div>
      </div>
    </Panel>
  );
}
