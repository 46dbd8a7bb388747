// The page reads its salon and open times from the address, within the bounds the server enforces.
import { describe, expect, it } from 'vitest';
import { fromAddress } from '../src/page/fromAddress';

describe('Scenario: the page finds its salon in the address', () => {
  it('books Studio Nine with three Saturday times at a bare address', () => {
    expect(fromAddress('')).toEqual({ salon: 'Studio Nine', openSlots: ['sat-10:30', 'sat-11:30', 'sat-13:00'] });
  });

  it('reads ?salon= and ?slots=, keeping the slots’ order', () => {
    expect(fromAddress('?salon=Hair%20%26%20Co&slots=mon-09:00,%20sun-12:00,mon-09:00,,')).toEqual({
      salon: 'Hair & Co',
      openSlots: ['mon-09:00', 'sun-12:00'],
    });
  });

  it('falls back to the default salon for a name the server would refuse', () => {
    expect(fromAddress(`?salon=${'x'.repeat(65)}`).salon).toBe('Studio Nine');
    expect(fromAddress('?salon=%20%20').salon).toBe('Studio Nine');
  });

  it('keeps at most 50 slots of at most 64 characters', () => {
    const many = Array.from({ length: 60 }, (_, i) => `slot-${i}`).join(',');
    expect(fromAddress(`?slots=${many}`).openSlots).toHaveLength(50);
    expect(fromAddress(`?slots=${'y'.repeat(65)},ok`).openSlots).toEqual(['ok']);
  });

  it('opens with no times when ?slots= is empty', () => {
    expect(fromAddress('?slots=').openSlots).toEqual([]);
  });
});
