import { describe, expect, it } from 'vitest';
import {
  MASCOT_HIDE_DELAY_MS,
  MASCOT_MESSAGES,
  MASCOT_ROTATE_MS,
  MASCOT_SHOW_DELAY_MS,
  mascotForProductName,
  mascotImageUrl,
  nextMessageIndex,
} from '../../../storefront/lib/mascot.ts';

describe('mascotForProductName', () => {
  it.each([
    ['T-Rex Tiny Arms Thong', 'trex'],
    ['t-rex lowercase', 'trex'],
    ['Stego Plate-Mate Briefs', 'stego'],
    ['Stegosaurus Spikes', 'stego'],
    ['Raptor Rump Hugger Briefs', 'raptor'],
    ['Voluptuous Velociraptor Lace Bralette', 'raptor'],
    ['Tri-Horned Triple Threat Boxers', 'stego'],
    ['Triceratops Frill Seeker Lace Panties', 'stego'],
    ['Brontosaurus Long Neck Lounge Boxers', 'trex'],
    ['Pterodactyl Wingspan Bikini Briefs', 'trex'],
    ['', 'trex'],
  ])('%s → %s', (name, mascot) => {
    expect(mascotForProductName(name)).toBe(mascot);
  });

  it('checks t-rex before the other names', () => {
    expect(mascotForProductName('T-Rex vs Raptor Boxers')).toBe('trex');
  });

  it('points at the project art', () => {
    expect(mascotImageUrl('stego')).toBe('/images/mascots/stego.svg');
  });
});

describe('mascot messages and timing', () => {
  it('has 10 messages including the classic', () => {
    expect(MASCOT_MESSAGES).toHaveLength(10);
    expect(MASCOT_MESSAGES).toContain('Rawr! Looking good!');
    expect(new Set(MASCOT_MESSAGES).size).toBe(10);
  });

  it('uses the spec delays', () => {
    expect([MASCOT_SHOW_DELAY_MS, MASCOT_HIDE_DELAY_MS, MASCOT_ROTATE_MS]).toEqual([300, 500, 5000]);
  });

  it('picks any message first, within range', () => {
    expect(nextMessageIndex(null, () => 0)).toBe(0);
    expect(nextMessageIndex(null, () => 0.999999)).toBe(9);
    expect(nextMessageIndex(null, () => 0.5)).toBe(5);
  });

  it('never repeats the current message when rotating', () => {
    for (let current = 0; current < 10; current += 1) {
      for (const r of [0, 0.1, 0.5, 0.9, 0.999999]) {
        const next = nextMessageIndex(current, () => r);
        expect(next).not.toBe(current);
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThan(10);
      }
    }
  });
});
