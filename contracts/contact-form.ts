import * as v from 'valibot';
import { Email, INVALID_EMAIL } from './subscription.ts';

/** The contact form: four required fields (a demo: nothing is sent anywhere). */
export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', subject: '', message: '' };

const MESSAGES: Record<ContactField, string> = {
  name: 'Please enter your name',
  email: 'Please enter your email address',
  subject: 'Please enter a subject',
  message: 'Please enter a message',
};

/**
 * Each blank field's message, and the email's when it is not an address we could reply to; an empty
 * object when the form can be sent.
 */
export function contactErrors(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) if (!values[field].trim()) errors[field] = MESSAGES[field];
  if (!errors.email && !v.is(Email, values.email)) errors.email = INVALID_EMAIL;
  return errors;
}
