import { usePageContext } from 'vike-react/usePageContext';

/**
 * What a plain form post has to say, on the page it redirected to (the no-JavaScript path: with
 * JavaScript the same message is a toast and no redirect happens).
 */
export function FlashNotice() {
  const notice = usePageContext().flash?.notice;
  if (!notice) return null;
  const error = notice.tone === 'error';
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6 lg:px-8">
      <div
        role={error ? 'alert' : 'status'}
        data-testid="flash-notice"
        className={`rounded-2xl px-5 py-4 ring-1 ${error ? 'bg-accent-50 text-accent-900 ring-accent-200' : 'bg-brand-50 text-brand-900 ring-brand-200'}`}
      >
        <p className="font-bold">{notice.title}</p>
        {notice.description && <p className="mt-0.5 text-sm">{notice.description}</p>}
        {notice.link && (
          <a href={notice.link.href} className="mt-1 inline-block text-sm font-semibold underline underline-offset-2">
            {notice.link.label}
          </a>
        )}
      </div>
    </div>
  );
}
