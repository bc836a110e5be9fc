/** Deleting something: confirmed by --yes or at the terminal, never silently in a script. */
import type { Context } from './context.js';
import { emit } from './output.js';
import { confirmed } from './prompts.js';

/** `label` names the item in the question and the answer (default: its id). */
export async function removeConfirmed(ctx: Context, id: string, remove: () => Promise<void>, label = id): Promise<void> {
  if (!(await confirmed(ctx, ctx.t('common.confirmDelete', { id: label })))) {
    emit(ctx, { id, deleted: false }, () => ctx.t('common.cancelled'));
    return;
  }
  await remove();
  emit(ctx, { id, deleted: true }, () => ctx.t('common.deleted', { id: label }));
}
