import { ORDER_NUMBER_PREFIX } from '../../../contracts/order-tracking.ts';
import { EXPEDITED_PRICE } from '../../../contracts/shipping-offer.ts';
import { SHIPPING_WORDS } from '../../../contracts/shipping-words.ts';

export const FAQ_ITEMS: Array<{ question: string; answer: string }> = [
  {
    question: 'How do I find my size?',
    answer:
      'Measure your waist, hips and tail girth (at the widest point, just below the hips) and compare them with our size guide. Sizes run from XS (Compy) to XL (T-Rex). Between sizes? Go up one: tails need room to wag.',
  },
  {
    question: 'Do your products have tail holes?',
    answer:
      'Every style is cut for a tail, whether it is a dainty raptor whip or a brontosaurus-length masterpiece. The stretchy back panel adapts to tails from 6 to 20 inches in girth.',
  },
  {
    question: 'How long does shipping take?',
    answer: `Standard shipping takes 3-5 business days and is ${SHIPPING_WORDS.standardFree}. Expedited shipping takes 1-2 business days for ${EXPEDITED_PRICE}, rush shipping is available for an additional fee, and international orders arrive in 7-14 business days.`,
  },
  {
    question: 'When will my order ship?',
    answer: 'Orders placed before 2 PM EST on a business day are processed and shipped the same day.',
  },
  {
    question: 'How do I get free shipping?',
    answer: `${SHIPPING_WORDS.ordersOverShipFree} Enter the code ${SHIPPING_WORDS.code} at checkout to unlock free shipping on any order.`,
  },
  {
    question: 'What is your return policy?',
    answer:
      'Return unworn items with their tags attached within 30 days for a full refund, or exchange them for another size or colour. Refunds are processed within 3-5 business days of receiving your return.',
  },
  {
    question: 'How do I care for my DinoBooty underwear?',
    answer: 'Hand wash cold, do not bleach, do not iron, and hang dry. A sunny boulder works nicely.',
  },
  {
    question: 'How can I track my order?',
    answer:
      `Use the Track Order page with your order number (it starts with ${ORDER_NUMBER_PREFIX} followed by six ` +
      'digits) and the email address you ordered with.',
  },
  {
    question: 'Are your products suitable for real dinosaurs?',
    answer:
      'Our designs are made for cartoon dinosaurs and the people who love them. Real dinosaurs have been hard to reach for comment for about 66 million years.',
  },
  {
    question: 'How can I contact customer support?',
    answer:
      'Send us a message through the Contact page. Our team is available Monday to Friday, 9am-5pm EST, and replies within 48 hours.',
  },
];
