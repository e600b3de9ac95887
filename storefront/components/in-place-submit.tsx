import type { ButtonHTMLAttributes } from 'react';

export type InPlaceSubmitProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick'> & {
  /** What the button does with JavaScript, instead of sending its form. */
  onSubmitInPlace: () => void;
};

/**
 * A form's submit button that, with JavaScript, does its job in place and sends nothing. Without
 * JavaScript it submits its form (or the one named by `form`), and the server does the same job, so
 * every such action works either way.
 */
export function InPlaceSubmit({ onSubmitInPlace, ...button }: InPlaceSubmitProps) {
  return (
    <button
      {...button}
      type="submit"
      onClick={(event) => {
        event.preventDefault();
        onSubmitInPlace();
      }}
    />
  );
}
