/**
 * PLACEHOLDER (Storefront I) — the Storefront II engineer replaces this with the real mailing-list
 * form (POST /api/subscribe, validation, 'Subscribing...', toasts). The home page ends with it.
 */
export function SignupSection() {
  return (
    <section aria-labelledby="signup-heading" className="bg-brand-800 px-4 py-16 text-white">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="signup-heading" className="font-display text-3xl font-extrabold">
          Join the Dino Den
        </h2>
        <p className="mt-3 text-brand-50">Get new collections, cheeky deals and prehistoric gossip in your inbox.</p>
      </div>
    </section>
  );
}
