import { describe, expect, it } from 'vitest';
import { readConversation } from '../../lib/turns.js';
import { lastTurnFrame } from './frames.js';

// Issue 23, record 0050 round 11: an owned item, how a thing knows or decides, code typed into the question, and a
// longer description of the text to write. Sentences written for this test (no corpus line, no evaluation item).
const frame = (content: string) => lastTurnFrame(readConversation([{ role: 'user', content }]));

describe('frames, round 11 (frames.ts)', () => {
  it('reads an owned item, a mechanism question and code as explanation', () => {
    for (const t of [
      'the blender is loud but mine is only a year old, is that normal?',
      'I just replaced the batteries in the remote and it still blinks. how do I reset it?',
      'How does a smart thermostat know when nobody is home?',
      'how do noise cancelling earbuds decide which sounds to block',
      'my loop never ends when RETRY_LIMIT is zero, what is wrong',
      'calling fetchUserProfile twice returns stale data, why?',
      'the settings in config.yaml are ignored after the upgrade',
      'En mi proyecto la variable DATABASE_URL no se lee, ¿por qué?',
      // why-questions in German, French and Dutch whatever verb follows (as in English: "why" + any auxiliary)
      'Warum haben Zebras eigentlich Streifen?',
      'Pourquoi dit-on que les chats retombent toujours sur leurs pattes ?',
      'Waarom hebben vliegtuigen ronde ramen?',
    ])
      expect(frame(t), t).toBe('explanation');
  });

  it('reads a text to write with a longer description as a purpose', () => {
    expect(frame('write a heartfelt two minute toast for my sister')).toBe('purpose');
    expect(frame('can you write me a small helper function that rounds prices')).toBe('purpose');
  });

  it('does not read needs, how people meet a need, or product names as frames', () => {
    for (const t of [
      'how do people find a reliable babysitter at short notice?',
      'how do most small shops track their stock without spreadsheets',
      'which hosting is cheapest for a Next.js app with a small database',
      'I want an iPhone case that survives drops, which brand?',
      'what is a good laptop for editing photos under 1000',
      'how do I choose a thermostat that works with my boiler',
    ])
      expect(frame(t), t).toBeNull();
  });
});
