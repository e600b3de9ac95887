import type { Config } from 'vike/types';

export default {
  title: 'Privacy Policy - DinoBooty',
  description: 'How DinoBooty collects, uses and protects your personal information. Last updated May 15, 2025.',
} satisfies Config;
