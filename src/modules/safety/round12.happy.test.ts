import { describe, expect, it } from 'vitest';
import { fold } from '../../lib/lang.js';
import { assistantReferral } from './referrals.js';
import { SAFETY_CATEGORIES } from './categories.js';
import { featuresOf, textModels } from './model.js';
import { assessOffline } from './service.js';
import { isStopWord } from './stopwords.js';

const U = (content: string) => ({ role: 'user' as const, content });
const A = (content: string) => ({ role: 'assistant' as const, content });

// Record 0036 (round 12). Sentences written for this test (not in a corpus file, multiturn-dev.txt or an evaluation set).
describe('pronouns are not evidence of a sensitive topic', () => {
  it('no sensitive head weighs a stop word’s own feature; the intent head does', () => {
    const models = textModels();
    const sensitive = SAFETY_CATEGORIES.map((c) => models.headIndex(c));
    let stops = 0;
    for (const [lang, words] of [
      ['en', 'i me my we our you he she they them'],
      ['fr', 'je me moi mon ma nous vous il elle'],
      ['es', 'yo mi tu te nos ella ellos'],
      ['de', 'mich mir mein er sie wir uns'],
      ['pt', 'eu mim meu minha voce ele ela'],
      ['it', 'io me mio mia te lui lei noi'],
      ['nl', 'ik mij mijn jij hij zij wij'],
    ] as const)
      for (const w of words.split(' ')) {
        if (!isStopWord(lang, w)) continue;
        stops++;
        const p = models.probabilities([{ idx: models.indices(featuresOf(w, lang)), weight: 1 }]);
        const none = models.probabilities([]);
        for (const h of sensitive) expect(p[h], `${lang} ${w}`).toBeCloseTo(none[h], 12);
      }
    expect(stops).toBeGreaterThan(40);
    // The intent head keeps them: some of them move it.
    const info = models.headIndex('informational');
    const moved = ['i', 'my', 'you', 'we'].filter(
      (w) =>
        models.probabilities([{ idx: models.indices(featuresOf(w, 'en')), weight: 1 }])[info] !==
        models.probabilities([])[info],
    );
    expect(moved.length).toBeGreaterThan(0);
  });

  it('a first-person shopping line reads below every sensitive threshold, in seven languages', () => {
    const models = textModels();
    for (const [lang, text] of [
      ['en', 'I am 16 and want a gaming headset'],
      ['en', 'i want a cheap laptop for my studies'],
      ['fr', 'je veux me mettre au tennis, quelle raquette ?'],
      ['fr', 'je me cherche un bon casque pour le travail'],
      ['es', 'me gustaría comprar una bicicleta para mí'],
      ['de', 'ich suche mir einen neuen Rucksack für mich'],
      ['pt', 'eu quero comprar um fone para mim'],
      ['nl', 'ik zoek een nieuwe fiets voor mij'],
    ] as const) {
      const p = models.probabilities([{ idx: models.indices(featuresOf(text, lang)), weight: 1 }]);
      for (const c of SAFETY_CATEGORIES)
        expect(p[models.headIndex(c)], `${c}: ${text}`).toBeLessThan(models.threshold(c));
      expect(assessOffline([U(text)]).category, text).toBeNull();
    }
  });
});

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
