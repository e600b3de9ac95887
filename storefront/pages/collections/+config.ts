import type { Config } from 'vike/types';

export default {
  title: 'Collections - DinoBooty',
  description:
    'Explore the DinoBooty collections: Jurassic Lace, Cretaceous Comfort, Mesozoic Mischief and The Voluptuous Velociraptor Collection.',
} satisfies Config;
