import { describe, expect, it } from 'vitest';
import { stemIn } from '../../lib/lang.js';
import { conceptOf } from './concepts.js';
import { featuresOf } from './model.js';
import { assessOffline } from './service.js';
import { englishFor } from '../serving/vocabulary.js';

const U = (content: string) => ({ role: 'user' as const, content });

describe('brand safety outside English (round 3)', () => {
  it('a function word never stands for a concept, even when another language has a concept word stemming like it', () => {
    // French "paris" (bets) stems like Portuguese "para": only the French reading is a concept.
    expect(conceptOf('fr', stemIn('fr', 'paris'))).toBe('SUBSTANCE');
    expect(conceptOf('pt', stemIn('pt', 'para'))).toBeUndefined();
    expect(conceptOf('es', stemIn('es', 'para'))).toBeUndefined();
  });

  it('non-English function words are not model features; content words and pairs joined across them are', () => {
    const f = featuresOf('je ne veux plus vivre', 'fr');
    expect(f).not.toContain('w:je');
    expect(f).not.toContain('w:ne');
    expect(f).toContain(`w:${stemIn('fr', 'vivre')}`);
    expect(f).toContain(`p:${stemIn('fr', 'veux')} ${stemIn('fr', 'plus')}`);
    // English keeps its function words (its corpus is large enough to weigh them).
    expect(featuresOf('i want to die', 'en')).toContain('w:i');
  });

  // Remaining false blocks (a week, a family word) are measured by bench/safety/evaluate.ts on its validation corpus.
  it('shopping questions are not blocked, Portuguese "para" included (it used to read as betting), in five languages', () => {
    for (const text of [
      'qual mochila é boa para viagem',
      'qual notebook é bom para estudar programação',
      'quero comprar um presente para o meu pai, ele gosta de cozinhar',
      '¿qué mochila es buena para un viaje de una semana?',
      'welcher rucksack ist gut für eine woche urlaub',
      'quel sac à dos pour une semaine de voyage',
      'which backpack is good for a week-long trip with my kids',
    ]) {
      expect(assessOffline([U(text)]).category, text).toBeNull();
    }
  });

  it('paraphrased crises are blocked in each language', () => {
    const cases: [string, string][] = [
      ['mi padre murió el martes y mañana es el entierro', 'death-grief'],
      ['mein vater ist am dienstag gestorben, morgen ist die beerdigung', 'death-grief'],
      ["mon père est mort mardi et l'enterrement est demain", 'death-grief'],
      ['meu pai morreu na terça e o enterro é amanhã', 'death-grief'],
    ];
    for (const [text, category] of cases) expect(assessOffline([U(text)]).category, text).toBe(category);
  });
});

describe('the commercial vocabulary (round 3)', () => {
  it('maps everyday service and product words of es/de/fr/pt to English', () => {
    expect(englishFor('es', 'guitarra')).toContain('guitar');
    expect(englishFor('de', 'zahnarzt')).toContain('dentist');
    expect(englishFor('fr', 'plombier')).toContain('plumber');
    expect(englishFor('pt', 'fraldas')).toContain('diapers');
    // A German compound by its longest known ending.
    expect(englishFor('de', 'gebrauchtwagenhändler')).not.toBeNull();
  });

  it('skips words too general to stand for an expression alone', () => {
    expect(englishFor('es', 'segunda')).toBeNull();
    expect(englishFor('es', 'vida')).toBeNull();
    expect(englishFor('es', 'tarjeta')).toBeNull();
  });
});
