import { InPlaceSubmit } from '../../components/in-place-submit.tsx';

/** Back to an empty form: reloads the page without JavaScript, resets in place with it. */
export function TryAgain({
  onClick,
  className,
  label = 'Try Again',
}: {
  onClick: () => void;
  className: string;
  label?: string;
}) {
  return (
    <form action="/track-order">
      <InPlaceSubmit onSubmitInPlace={onClick} className={className}>
        {label}
      </InPlaceSubmit>
    </form>
  );
}
