import { RESERVE_CPM_MICROS } from '../../lib/money.js';
import type { Slot } from './decision.js';
import type { DecisionRecord } from './explain.js';
import type { AdRequestBody } from './schemas.js';
import type { InvPlacement } from './inventory.js';

/**
 * The slots a request can fill: placements the publisher created (unknown
 * slugs never fill), of the type stated, suiting this device, each with its
 * effective floor (max of platform reserve, publisher and placement floor).
 * Every placement asked for gets a note in the decision record, with the
 * reason it cannot fill when it cannot.
 */
export function resolveSlots(
  placements: AdRequestBody['placements'],
  known: ReadonlyMap<string, InvPlacement> | undefined,
  publisherFloorCpmMicros: number,
  device: string,
): { slots: Slot[]; notes: DecisionRecord['slots'] } {
  const slots: Slot[] = [];
  const notes: DecisionRecord['slots'] = [];
  for (const p of placements) {
    const k = known?.get(p.placement_id);
    const note = {
      placement: p.placement,
      placement_id: p.placement_id,
      floorCpmMicros: null as number | null,
      filledBy: null,
    };
    notes.push(note);
    if (!k) {
      Object.assign(note, { reason: 'unknown_placement' });
      continue;
    }
    if (k.type !== p.placement) {
      Object.assign(note, { reason: `placement_type_mismatch (placement is ${k.type})` });
      continue;
    }
    if (k.device !== 'all' && k.device !== device) {
      Object.assign(note, { reason: `placement_device_mismatch (placement is ${k.device}, request is ${device})` });
      continue;
    }
    const floor = Math.max(RESERVE_CPM_MICROS, publisherFloorCpmMicros, k.floorCpmMicros);
    note.floorCpmMicros = floor;
    slots.push({
      placement: p.placement,
      placement_id: p.placement_id,
      maxAdTextChars: k.maxAdTextChars,
      floorCpmMicros: floor,
    });
  }
  return { slots, notes };
}
