import { useLayoutEffect, type RefObject } from 'react';

/** A form's text and choice fields by name, as the browser holds them. */
export type TypedFields = Partial<Record<string, string>>;

/**
 * What a shopper typed or picked before the page hydrated is in the DOM, not in React state: hands the
 * form's fields (of the form `ref` is, or holds the field of) to `adopt`, once. A layout effect, so the
 * adopted values render within the hydrating commit: from a passive effect a keystroke in between ran
 * the change handler of the render before adoption, which wrote its values back without them.
 * Until hydration a field holds what the server rendered or what was typed since, so adopting it as it
 * stands is right either way. One exception is React's: hydrating a textarea the server filled (a
 * message posted back without JavaScript) sets it to the server's text, so an edit made to it before
 * then is lost.
 */
export function useTypedBeforeHydration(
  ref: RefObject<HTMLFormElement | HTMLInputElement | null>,
  adopt: (typed: TypedFields) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount: what was typed before hydration is adopted once.
  useLayoutEffect(() => {
    const element = ref.current;
    const form = element instanceof HTMLFormElement ? element : element?.form;
    if (!form) return;
    const typed: TypedFields = {};
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') typed[name] = value;
    adopt(typed);
  }, []);
}

/** The named fields among `typed`, to lay over a form's state. */
export function typedOf<F extends string>(typed: TypedFields, fields: readonly F[]): Partial<Record<F, string>> {
  const picked: Partial<Record<F, string>> = {};
  for (const field of fields) if (typed[field] !== undefined) picked[field] = typed[field];
  return picked;
}
