import { data } from 'react-router';
import { nl } from '~/i18n/nl.ts';

/** The request's form; a body that is not a complete form (e.g. cut-off multipart) is a 400, not a 500. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(nl.badRequest.body, { status: 400 });
  }
}
