import { expect } from 'chai';
import { createI18n, loginSchema, signupSchema, userCreateSchema, userUpdateSchema, whatsappCreateSchema } from '@atende/shared';
import { schemaProblems } from '../src/ui/validation.js';

const PLAN_ID = '0123456789abcdef01234567';
const validSignup = { name: 'Acme Ltda', email: 'owner@acme.test', phone: '(11) 99999-0000', planId: PLAN_ID, password: 'secret1' };

/** The messages a user reads, in English, keyed by field. */
function messages(schema: Parameters<typeof schemaProblems>[0], values: object): Record<string, string> {
  const t = createI18n('en').t;
  return Object.fromEntries(Object.entries(schemaProblems(schema, values)).map(([field, problem]) => [field, t(problem.key, { limit: problem.limit })]));
}

describe('form validation from the shared joi schemas', () => {
  it('sign-up: every field required except the phone', () => {
    expect(messages(signupSchema, {})).to.deep.equal({ name: 'Required', email: 'Required', password: 'Required', planId: 'Required' });
    expect(messages(signupSchema, validSignup)).to.deep.equal({});
    expect(messages(signupSchema, { ...validSignup, phone: '' })).to.deep.equal({});
  });

  it('sign-up: name 2 to 50, password 5 to 50, valid e-mail, phone of at most 11 digits', () => {
    expect(messages(signupSchema, { ...validSignup, name: 'A' })).to.deep.equal({ name: 'Too Short!' });
    expect(messages(signupSchema, { ...validSignup, name: 'A'.repeat(51) })).to.deep.equal({ name: 'Too Long!' });
    expect(messages(signupSchema, { ...validSignup, password: 'abcd' })).to.deep.equal({ password: 'Too Short!' });
    expect(messages(signupSchema, { ...validSignup, password: 'x'.repeat(51) })).to.deep.equal({ password: 'Too Long!' });
    expect(messages(signupSchema, { ...validSignup, email: 'not-an-email' })).to.deep.equal({ email: 'Invalid email' });
    expect(messages(signupSchema, { ...validSignup, phone: '(11) 99999-00001' })).to.deep.equal({ phone: 'Too Long!' });
    expect(messages(signupSchema, { ...validSignup, planId: '' })).to.deep.equal({ planId: 'Required' });
  });

  it('login: e-mail and password required', () => {
    expect(messages(loginSchema, {})).to.deep.equal({ email: 'Required', password: 'Required' });
    expect(messages(loginSchema, { email: 'a@b.test', password: 'x' })).to.deep.equal({});
  });

  it('user form: create needs name, e-mail, password and profile; edit keeps an empty password', () => {
    expect(messages(userCreateSchema, {})).to.deep.equal({ name: 'Required', email: 'Required', password: 'Required', profile: 'Required' });
    const edit = { name: 'Ana', email: 'ana@acme.test', password: '', profile: 'user', queueIds: [], whatsappId: '', allTicket: 'desabled' };
    expect(messages(userUpdateSchema, edit)).to.deep.equal({});
    expect(messages(userUpdateSchema, { ...edit, name: 'A', email: 'ana' })).to.deep.equal({ name: 'Too Short!', email: 'Invalid email' });
  });

  it('connection: name 2 to 50, hours as HH:mm, paths of nested fields', () => {
    expect(messages(whatsappCreateSchema, {})).to.deep.equal({ name: 'Required' });
    expect(messages(whatsappCreateSchema, { name: 'W' })).to.deep.equal({ name: 'Too Short!' });
    const schedules = [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '25:00', endTime: '18:00' }];
    expect(messages(whatsappCreateSchema, { name: 'Vendas', schedules })).to.deep.equal({ 'schedules.0.startTime': 'Invalid value' });
    expect(messages(whatsappCreateSchema, { name: 'Vendas', maxUseBotQueues: -1 })).to.deep.equal({ maxUseBotQueues: 'Must be at least 0' });
  });

  it('speaks the chosen language', () => {
    const pt = createI18n('pt').t;
    const [problem] = Object.values(schemaProblems(signupSchema, { ...validSignup, name: 'A' }));
    expect(pt(problem!.key)).to.equal('Muito curto!');
  });
});
