// The forms of the customer page (/beheer/klanten/:id): one schema per intent, Dutch messages next to the field.
import { z } from 'zod';
import { formKey } from '~/lib/form-key.ts';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { BLOCK_REASON_MAX } from './customers.ts';

const t = backoffice.customer;
const key = formKey;

export const blockSchema = z.object({
  intent: z.literal('block'),
  reason: z.string({ error: t.block.reasonEmpty }).trim().min(1, t.block.reasonEmpty).max(BLOCK_REASON_MAX, t.block.reasonTooLong(BLOCK_REASON_MAX)),
});
export const unblockSchema = z.object({ intent: z.literal('unblock') });
export const resetSchema = z.object({ intent: z.literal('reset'), key });
/** The typed confirmation is compared with the customer's address by the action (the schema does not know it). */
export const deleteSchema = z.object({ intent: z.literal('delete'), confirm: z.string({ error: t.remove.confirmWrong }).trim().min(1, t.remove.confirmWrong).max(320, t.remove.confirmWrong) });

/** Does the typed text confirm deleting this account? The address, ignoring case and surrounding spaces. */
export const confirmsDeletion = (typed: string, email: string) => typed.trim().toLowerCase() === email.toLowerCase();
