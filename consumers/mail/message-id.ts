/** The domain of a sender such as `DinoBooty <hello@shop.example>` (Message-IDs are made under it). */
export function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}

/**
 * One Message-ID per consumer and event (positions never change): a redelivered event yields a message
 * with the same id, which a mail server or an inbox can recognise as the same message.
 */
export const messageIdFor = (consumer: string, position: number, from: string) =>
  `<${consumer}.${position}@${senderDomain(from)}>`;
