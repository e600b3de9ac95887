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

/** Each blank field's message; an empty object when all four are filled. */
export function contactErrors(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) if (!values[field].trim()) errors[field] = MESSAGES[field];
  return errors;
}
