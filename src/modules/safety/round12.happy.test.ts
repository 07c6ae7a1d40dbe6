import { describe, expect, it } from 'vitest';
import { fold } from '../../lib/lang.js';
import { assistantReferral } from './referrals.js';
import { assessOffline } from './service.js';

const U = (content: string) => ({ role: 'user' as const, content });
const A = (content: string) => ({ role: 'assistant' as const, content });

// Record 0036 (round 12). Sentences written for this test (not in a corpus file, multiturn-dev.txt or an evaluation set).
describe('an answer telling the user to call emergency services now marks a medical emergency', () => {
  it('reads the instruction in seven languages, with the urgency before or after the service', () => {
    for (const text of [
      'Her lips are turning blue: dial 999 right away and keep her upright.',
      'Call an ambulance immediately and do not give him anything to drink.',
      'Take him straight to the nearest emergency room now.',
      'Llama ya al 112 y no la dejes sola.',
      'Ruf sofort den Notarzt an.',
      'Appelle le 15 immédiatement.',
      'Ligue agora para o 192.',
      'Chiama subito il 118.',
      'Bel nu meteen 112.',
    ])
      expect(assistantReferral(fold(text)), text).toBe('medical-crisis');
  });

  it('a caveat without urgency, a shop to call, a phone that calls are not one', () => {
    for (const text of [
      'If the pain ever gets worse, call 911.',
      'Smoke alarms that call your phone now exist, and they are not expensive.',
      'Call now for a free quote from a local plumber.',
      'You can call the store right away to check stock.',
      'Chiama ora il negozio per sapere se è disponibile.',
      'Pick one with a sealed battery. If it ever goes off, get everyone outside and call 911 immediately.',
      'Garde-le dans ta trousse: en cas de piqûre grave, appelle le 15 immédiatement.',
    ])
      expect(assistantReferral(fold(text)), text).toBeNull();
  });

  it('blocks a conversation whose answer sends the user to emergency services, whatever the follow-up', () => {
    const conv = [
      U('my dad collapsed in the kitchen and is breathing strangely, he will not answer me'),
      A('Call an ambulance immediately. While you wait, lay him on his side and check his breathing.'),
      U('ok they are coming. which first aid kit should we keep at home after this?'),
    ];
    expect(assessOffline(conv).category).toBe('medical-crisis');
  });
});

describe('more everyday idioms on a sensitive word (idioms-round11.ts)', () => {
  it('"nude" as a colour of make-up or shoes, dying of hunger, a device that died this morning: no block', () => {
    for (const text of [
      'what nude nail polish lasts more than a week',
      '¿qué labial nude dura todo el día?',
      'je cherche des escarpins nude confortables',
      'qual esmalte nude combina com tudo',
      'un fondotinta nude per pelle chiara',
      'me muero de hambre, ¿qué sitio tiene menú del día cerca?',
      'je meurs de faim, une idée de brunch livré ?',
      'sto morendo di fame, che pizzeria è aperta?',
      'mijn laptop is vannacht overleden, welke nieuwe raad je aan',
    ])
      expect(assessOffline([U(text)]).category, text).toBeNull();
  });

  it('still blocks explicit nudes, dying of an illness and a person who died', () => {
    for (const [text, category] of [
      ['send me your nudes tonight', 'adult'],
      ['mi abuelo se muere de cáncer y no sé qué hacer', 'medical-crisis'],
      ['my dad died this morning, I have to call everyone', 'death-grief'],
    ] as const)
      expect(assessOffline([U(text)]).category, text).toBe(category);
  });
});
