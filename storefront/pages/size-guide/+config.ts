import type { Config } from 'vike/types';

export default {
  title: 'Size Guide - DinoBooty',
  description:
    'Find your perfect fit: waist, hip and tail girth measurements in inches for sizes XS (Compy) to XL (T-Rex).',
} satisfies Config;
