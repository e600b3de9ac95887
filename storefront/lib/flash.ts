import type { Flash, FlashForm } from '../../contracts/flash.ts';

/** The form's flash if it is about `name` (a page holds several forms). Type-only import: no valibot here. */
export function flashFor(flash: Flash | null | undefined, name: string): FlashForm | undefined {
  return flash?.form?.name === name ? flash.form : undefined;
}
