import assert from 'node:assert/strict';
import { LANGUAGES } from '../src/domain/enums.js';
import { ERROR_CODES, errorKey } from '../src/errors/catalogue.js';
import { createI18n, createI18nWith, resources, translateError, webResources } from '../src/i18n/index.js';

/** Every leaf key path of a resource tree, e.g. "auth.subscriptionEndsSoon_one". */
function keyPaths(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keyPaths(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('i18n resources', () => {
  it('pt, en and es have the same keys, plural suffixes included', () => {
    const pt = keyPaths(resources.pt.translation).sort();
    assert.ok(pt.includes('auth.subscriptionEndsSoon_one') && pt.includes('auth.subscriptionEndsSoon_other'));
    assert.deepEqual(keyPaths(resources.en.translation).sort(), pt);
    assert.deepEqual(keyPaths(resources.es.translation).sort(), pt);
  });

  it('every leaf is a non-empty string', () => {
    for (const lang of LANGUAGES) {
      const translation = resources[lang].translation;
      for (const path of keyPaths(translation)) {
        const value = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], translation);
        assert.ok(typeof value === 'string' && value.trim() !== '', `${lang} ${path}`);
      }
    }
  });

  it('has a text for every ERROR_STATUS code in each language', () => {
    for (const lang of LANGUAGES) {
      const i18n = createI18n(lang);
      for (const code of ERROR_CODES) {
        const key = errorKey(code);
        assert.ok(i18n.exists(key, { fallbackLng: [] }), `${lang} lacks ${key}`);
        const text = i18n.t(key);
        assert.ok(text.trim() !== '' && text !== key, `${lang} ${key}`);
      }
    }
  });

  it('gives the web console every text but the terminal programs\' ones', () => {
    const web = webResources();
    for (const lang of LANGUAGES) {
      const full = keyPaths(resources[lang].translation).filter((path) => !/^(cli|tui)\./.test(path));
      assert.deepEqual(keyPaths(web[lang].translation).sort(), full.sort());
      const i18n = createI18nWith(web, lang);
      assert.equal(i18n.t('errors.ERR_SESSION_EXPIRED'), createI18n(lang).t('errors.ERR_SESSION_EXPIRED'));
      assert.equal(i18n.exists('cli.description'), false);
    }
  });

  it('texts differ between languages (no copy left untranslated by mistake)', () => {
    const pt = createI18n('pt');
    const en = createI18n('en');
    assert.notEqual(pt.t('errors.ERR_SESSION_EXPIRED'), en.t('errors.ERR_SESSION_EXPIRED'));
    assert.notEqual(pt.t('validation.required'), en.t('validation.required'));
  });

  it('renders interpolations', () => {
    assert.equal(
      createI18n('en').t('auth.subscriptionExpired', { date: '10/03/2025' }),
      'Your subscription expired on 10/03/2025. Please contact support.',
    );
    assert.equal(
      createI18n('pt').t('auth.subscriptionExpired', { date: '10/03/2025' }),
      'Sua assinatura expirou em 10/03/2025. Entre em contato com o suporte.',
    );
    assert.equal(createI18n('es').t('validation.min', { limit: 5 }), 'Debe ser como mínimo 5');
    assert.equal(createI18n('en').t('validation.max', { limit: 50 }), 'Must be at most 50');
  });

  it('uses each language’s plural forms for the days left', () => {
    const expected = {
      pt: ['Sua assinatura termina hoje.', 'Sua assinatura termina em 1 dia.', 'Sua assinatura termina em 4 dias.'],
      en: ['Your subscription ends today.', 'Your subscription ends in 1 day.', 'Your subscription ends in 4 days.'],
      es: ['Tu suscripción termina hoy.', 'Tu suscripción termina en 1 día.', 'Tu suscripción termina en 4 días.'],
    };
    for (const lang of LANGUAGES) {
      const i18n = createI18n(lang);
      assert.deepEqual([0, 1, 4].map((count) => i18n.t('auth.subscriptionEndsSoon', { count })), expected[lang]);
    }
  });

  it('says the account was opened elsewhere in the spec’s exact Portuguese', () => {
    assert.equal(createI18n('pt').t('auth.accountOpenedElsewhere'), 'Sua conta foi acessada em outro computador');
  });

  it('keeps the validation texts of the forms', () => {
    const en = createI18n('en');
    assert.deepEqual(
      ['required', 'tooShort', 'tooLong', 'invalidEmail'].map((key) => en.t(`validation.${key}`)),
      ['Required', 'Too Short!', 'Too Long!', 'Invalid email'],
    );
  });

  it('defaults to English', () => {
    assert.equal(createI18n().language, 'en');
  });

  describe('translateError', () => {
    it('gives the catalogue text of a known code', () => {
      assert.equal(translateError(createI18n('pt'), 'ERR_OTHER_OPEN_TICKET'), 'Já existe um ticket aberto para este contato.');
      assert.equal(translateError(createI18n('en'), 'ERR_NO_OTHER_WHATSAPP'), 'There must be at least one default WhatsApp connection.');
    });

    it('falls back to the raw text, then to the code, for an unknown code', () => {
      const i18n = createI18n('es');
      assert.equal(translateError(i18n, 'ERR_SOMETHING_NEW', 'Raw server text'), 'Raw server text');
      assert.equal(translateError(i18n, 'ERR_SOMETHING_NEW'), 'ERR_SOMETHING_NEW');
    });
  });
});
