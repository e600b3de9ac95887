import { describe, expect, it } from 'vitest';
import { REDACTED_ADDRESS, redactAddresses, redactedError } from '../../../db/redact-addresses.ts';

/** nodemailer's error for a recipient the server refused, as it throws it (its fields included). */
function refusedRecipient(address: string) {
  const response = `550 5.1.1 <${address}>: Recipient address rejected`;
  return Object.assign(new Error(`Can't send mail - all recipients were rejected: ${response}`), {
    code: 'EENVELOPE',
    response,
    responseCode: 550,
    command: 'RCPT TO',
    rejected: [address],
    rejectedErrors: [{ code: 'EENVELOPE', response, responseCode: 550, recipient: address }],
  });
}

describe('redactAddresses', () => {
  it('keeps an SMTP reply, code and words, without the address it names', () => {
    expect(redactAddresses('550 5.1.1 <rex@example.com>: Recipient address rejected')).toBe(
      '550 5.1.1 <[address]>: Recipient address rejected',
    );
    expect(REDACTED_ADDRESS).toBe('[address]');
  });

  it('finds addresses of every shape: any case, plus tags, subdomains, quoted local parts, IP literals, non-ASCII, percent-encoded', () => {
    const text = [
      'Rex.Saurus+orders@Mail.Example.CO.uk',
      '"rex saurus"@example.com',
      'rex@[192.0.2.1]',
      'dïno@exämple.com',
      'rex%40example.com',
      "o'brien@example.com",
    ].join(', ');
    expect(redactAddresses(text)).toBe(Array(6).fill('[address]').join(', '));
  });

  it('leaves text without addresses as it was, a stack through a scoped package included', () => {
    const plain =
      'connect ECONNREFUSED 127.0.0.1:25 at node_modules/@fastify/session/lib/x.js:3:9; 451 4.3.0 Mailbox busy, try again later';
    expect(redactAddresses(plain)).toBe(plain);
  });

  it('redacts a known address in any shape the pattern would miss, case ignored', () => {
    expect(
      redactAddresses('customer REX@EXAMPLE.COM and rex@example.com asked; rex%40example.com', 'rex@example.com'),
    ).toBe('customer [address] and [address] asked; [address]');
    expect(redactAddresses('refused: Rex At Example', 'rex at example')).toBe('refused: [address]');
  });
});

describe('redactedError', () => {
  it('keeps the message, SMTP code and reply with the address redacted, and nothing of the fields that list the recipients', () => {
    const redacted = redactedError(refusedRecipient('Rex@Example.com'));
    expect(redacted.message).toBe(
      "Can't send mail - all recipients were rejected: 550 5.1.1 <[address]>: Recipient address rejected",
    );
    expect(redacted).toMatchObject({ code: 'EENVELOPE', responseCode: 550 });
    expect(redacted.stack).toMatch(/^Error: Can't send mail - all recipients were rejected: 550 5\.1\.1 <\[address\]>/);
    // As a logger writes it: every own field, the message and the stack.
    const logged = JSON.stringify({ ...redacted, message: redacted.message, stack: redacted.stack });
    expect(logged).not.toMatch(/rex/i);
  });

  it('describes what is not an Error, and cuts a long message', () => {
    expect(redactedError('failed for ptera@example.com').message).toBe('failed for [address]');
    expect(redactedError(undefined).message).toBe('undefined');
    expect(redactedError(new Error(`${'x'.repeat(5_000)} rex@example.com`)).message).toHaveLength(2_000);
    expect(redactedError(new TypeError('bad')).name).toBe('TypeError');
  });
});
