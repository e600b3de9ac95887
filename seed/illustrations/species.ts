/** One cartoon body per species, facing right, drawn in a 600×600 box standing on y≈548. */
import type { Species, SpeciesArt } from './species-kit.ts';
import { raptor, trex } from './species-bipeds.ts';
import { pterodactyl } from './species-flyers.ts';
import { brontosaurus, stegosaurus, triceratops } from './species-quadrupeds.ts';

export const ART: Record<Species, SpeciesArt> = {
  't-rex': trex,
  raptor,
  stegosaurus,
  triceratops,
  brontosaurus,
  pterodactyl,
};
