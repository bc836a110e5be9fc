import { expect } from 'chai';
import { chosenOption, conditionHolds, menuText, renderAnswers } from '../../src/automation/flows/conditions.js';

describe('flow condition block and menu answers', () => {
  it('equals, contains and startsWith ignore case, accents, punctuation and spacing', () => {
    expect(conditionHolds('equals', '  São   Paulo ', 'sao paulo')).to.equal(true);
    expect(conditionHolds('equals', 'Sao Paulo!', 'sao paulo')).to.equal(true);
    expect(conditionHolds('equals', 'Sao Paulo 2', 'sao paulo')).to.equal(false);
    expect(conditionHolds('contains', 'Quero um BOLO de chocolate', 'bolo')).to.equal(true);
    expect(conditionHolds('contains', 'Quero um pão', 'bolo')).to.equal(false);
    expect(conditionHolds('startsWith', 'Órfão', 'orf')).to.equal(true);
    expect(conditionHolds('startsWith', 'o órfão', 'orf')).to.equal(false);
  });

  it('greater and less compare numbers when both read as numbers, else the texts', () => {
    expect(conditionHolds('greater', '10', '9')).to.equal(true);
    expect(conditionHolds('less', '10', '9')).to.equal(false);
    expect(conditionHolds('greater', '2,5', '2.4')).to.equal(true);
    expect(conditionHolds('less', '-3', '0')).to.equal(true);
    expect(conditionHolds('greater', '9', '9')).to.equal(false);
    // Texts when either side is not a number.
    expect(conditionHolds('greater', 'banana', 'apple')).to.equal(true);
    expect(conditionHolds('less', 'abc', '9')).to.equal(false);
  });

  it('regex: a match; an invalid, overlong or too costly pattern is false; catastrophic ones run in linear time', () => {
    expect(conditionHolds('regex', 'pedido 12345', '^pedido \\d{5}$')).to.equal(true);
    expect(conditionHolds('regex', 'PEDIDO 1', '^pedido')).to.equal(true);
    expect(conditionHolds('regex', 'x', '([a-z')).to.equal(false);
    // Backtracking engines take hours on these (each character doubles the time): linear time answers at once.
    expect(conditionHolds('regex', `${'a'.repeat(60)}!`, '(a|a)+$')).to.equal(false);
    expect(conditionHolds('regex', `${'a'.repeat(60)}!`, '^(a+)+$')).to.equal(false);
    expect(conditionHolds('regex', 'x'.repeat(60), '^(\\w+\\s?)*$')).to.equal(true);
    expect(conditionHolds('regex', 'aaa', '(a|a)+$')).to.equal(true);
    expect(conditionHolds('regex', 'a', `a${'?'.repeat(300)}`)).to.equal(false);
    expect(conditionHolds('regex', 'x'.repeat(999), '.{300}')).to.equal(false);
    expect(conditionHolds('regex', 'x'.repeat(1001), 'x')).to.equal(false);
  });

  it('regex: the JavaScript syntax people write keeps working (classes, \\u escapes, named groups, Unicode, case)', () => {
    expect(conditionHolds('regex', 'Meu CPF é 123.456.789-09', '\\d{3}\\.?\\d{3}\\.?\\d{3}-?\\d{2}')).to.equal(true);
    expect(conditionHolds('regex', 'quero SIM agora', '\\bsim\\b')).to.equal(true);
    expect(conditionHolds('regex', 'CAFÉ', 'caf\\u00e9')).to.equal(true);
    expect(conditionHolds('regex', 'pedido 42', '(?<numero>\\d+)')).to.equal(true);
    expect(conditionHolds('regex', 'ação', '^\\p{L}+$')).to.equal(true);
    expect(conditionHolds('regex', 'ana@example.com', '^[\\w.+-]+@[\\w-]+\\.[\\w.]+$')).to.equal(true);
    expect(conditionHolds('regex', 'R$ 10', '(?<=R\\$ )\\d+')).to.equal(true);
    // No linear-time form: never holds (and the save refuses it).
    expect(conditionHolds('regex', 'aa', '(a)\\1')).to.equal(false);
    expect(conditionHolds('regex', 'ab', 'a(?=b)')).to.equal(false);
  });

  it('a menu answer by number or by the option text; anything else is no choice', () => {
    const options = [
      { number: 1, value: 'Vendas' },
      { number: 2, value: 'Suporte Técnico' },
    ];
    expect(chosenOption(options, ' 2 ')?.number).to.equal(2);
    expect(chosenOption(options, 'suporte tecnico')?.number).to.equal(2);
    expect(chosenOption(options, '3')).to.equal(null);
    expect(chosenOption(options, 'vendas agora')).to.equal(null);
    expect(menuText('Escolha:', options)).to.equal('Escolha:\n\n*1* - Vendas\n*2* - Suporte Técnico');
  });

  it('{{answerKey}} takes the answer; other variables are left for the message variables', () => {
    expect(renderAnswers('Oi {{ nome }}, pedido {{pedido}} em {{date}}', { nome: 'Ana', pedido: '42' })).to.equal('Oi Ana, pedido 42 em {{date}}');
  });
});
