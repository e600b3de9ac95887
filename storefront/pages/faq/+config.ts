import type { Config } from 'vike/types';

export default {
  title: 'FAQ - DinoBooty',
  description: 'Answers to the questions dinosaurs ask most: sizing, tail holes, shipping times, returns, care and the DINOBOOTY free-shipping code.',
} satisfies Config;
