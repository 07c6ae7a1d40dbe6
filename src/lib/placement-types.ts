/** Placement types of spec 1 (POST placements); ad requests name one per slot. */
export const PLACEMENT_TYPES = [
  'above_response',
  'below_response',
  'inline_response',
  'left_response',
  'right_response',
  'search_result',
  'center_page',
  'top_page',
  'bottom_page',
  'left_page',
  'right_page',
] as const;
export type PlacementType = (typeof PLACEMENT_TYPES)[number];

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
