import { useRef, useState, type FormEvent } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { flashFor } from '../../lib/flash.ts';
import { typedOf, useTypedBeforeHydration } from '../../lib/typed-before-hydration.ts';
import { focusOnMount } from '../../lib/focus-on-mount.ts';
import { TextAreaField, TextField } from '../../components/form-field.tsx';
import { CheckIcon, ClockIcon, MailIcon } from '../../components/icons.tsx';
import { PageHero } from '../../components/page-hero.tsx';
import { btn } from '../../components/ui.ts';
import {
  CONTACT_FIELDS,
  EMPTY_CONTACT,
  contactErrors,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from '../../../contracts/contact-form.ts';
import { FORM_ACTIONS } from '../../../contracts/form-actions.ts';

/**
 * Contact form: all four fields required. With JavaScript it is handled in the browser (no call is
 * made); without, it posts to /contact and comes back with the messages or the thank-you.
 */
export default function ContactPage() {
  const posted = flashFor(usePageContext().flash, 'contact');
  const [values, setValues] = useState<ContactValues>({ ...EMPTY_CONTACT, ...posted?.values });
  const [errors, setErrors] = useState<ContactErrors>(posted?.errors ?? {});
  const [sent, setSent] = useState(posted?.result === 'sent');
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (typed) =>
    setValues((current) => ({ ...current, ...typedOf(typed, CONTACT_FIELDS) })),
  );

  const set = (field: ContactField) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = contactErrors(values);
    setErrors(next);
    const first = CONTACT_FIELDS.find((field) => next[field]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSent(true);
    setValues(EMPTY_CONTACT);
  };

  return (
    <>
      <PageHero title="Contact Us" eyebrow="Say rawr" mascot="stego">
        Sizing dilemmas, tail-hole questions or just want to share a dino pun? We'd love to hear from you.
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:px-8">
        <section
          aria-labelledby="contact-form-heading"
          className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink-200 sm:p-8"
        >
          <h2 id="contact-form-heading" className="font-display text-2xl font-black text-ink-900">
            Send us a message
          </h2>
          {sent ? (
            <div role="status" className="mt-6 rounded-2xl bg-brand-50 p-6 text-center ring-1 ring-brand-200">
              <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-brand-700 text-white">
                <CheckIcon className="size-6" />
              </span>
              <p
                ref={focusOnMount}
                tabIndex={-1}
                className="mt-4 font-display text-2xl font-black text-ink-900 focus:outline-none"
              >
                Thanks for reaching out!
              </p>
              <p className="mt-2 text-ink-700">We'll get back to you within 48 hours.</p>
              <button type="button" onClick={() => setSent(false)} className={`${btn.secondary} mt-6`}>
                Send another message
              </button>
            </div>
          ) : (
            <form
              ref={formRef}
              method="post"
              action={FORM_ACTIONS.contact}
              noValidate
              onSubmit={onSubmit}
              className="mt-6 grid gap-5 sm:grid-cols-2"
            >
              <TextField
                label="Name"
                name="name"
                autoComplete="name"
                value={values.name}
                onChange={set('name')}
                error={errors.name}
                required
              />
              <TextField
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                value={values.email}
                onChange={set('email')}
                error={errors.email}
                required
              />
              <div className="sm:col-span-2">
                <TextField
                  label="Subject"
                  name="subject"
                  value={values.subject}
                  onChange={set('subject')}
                  error={errors.subject}
                  required
                />
              </div>
              <div className="sm:col-span-2">
                <TextAreaField
                  label="Message"
                  name="message"
                  rows={6}
                  value={values.message}
                  onChange={set('message')}
                  error={errors.message}
                  required
                />
              </div>
              <div className="sm:col-span-2">
                <button type="submit" className={btn.primary}>
                  Send Message
                </button>
              </div>
            </form>
          )}
        </section>

        <aside aria-labelledby="contact-info-heading" className="space-y-4">
          <h2 id="contact-info-heading" className="sr-only">
            Other ways to reach us
          </h2>
          <div className="rounded-3xl bg-brand-50 p-6 ring-1 ring-brand-200">
            <ClockIcon className="size-7 text-brand-800" />
            <h3 className="mt-3 font-bold text-ink-900">Support hours</h3>
            <p className="mt-1 text-sm text-ink-700">
              Monday to Friday, 9am-5pm EST. We reply to every message within 48 hours.
            </p>
          </div>
          <div className="rounded-3xl bg-accent-50 p-6 ring-1 ring-accent-200">
            <MailIcon className="size-7 text-accent-700" />
            <h3 className="mt-3 font-bold text-ink-900">Email</h3>
            <p className="mt-1 text-sm text-ink-700">support@dinobooty.com</p>
          </div>
          <div className="rounded-3xl bg-white p-6 ring-1 ring-ink-200">
            <h3 className="font-bold text-ink-900">Looking for an order?</h3>
            <p className="mt-1 text-sm text-ink-700">
              <a href="/track-order" className="font-semibold text-brand-800 underline underline-offset-2">
                Track your order
              </a>{' '}
              or read our{' '}
              <a href="/faq" className="font-semibold text-brand-800 underline underline-offset-2">
                FAQ
              </a>
              .
            </p>
          </div>
        </aside>
      </div>
    </>
  );
}
