import { expect } from 'chai';
import { AFTER_LOGIN, guardRedirect, type GuardContext } from '../src/app/routes.js';

const guest: GuardContext = { signedIn: false, profile: null, super: false, cshow: false, planFlags: {} };
const member: GuardContext = { signedIn: true, profile: 'admin', super: false, cshow: false, planFlags: { useKanban: true, useCampaigns: true } };

describe('route guards', () => {
  it('sends guests on private routes to /login and lets them see the public pages', () => {
    for (const path of ['/', '/tickets', '/tickets/5f1c2d3e-aaaa', '/tickets/u/42', '/users', '/connections', '/settings', '/chats/abc']) {
      expect(guardRedirect(path, guest), path).to.equal('/login');
    }
    expect(guardRedirect('/login', guest)).to.equal(null);
    expect(guardRedirect('/signup', guest)).to.equal(null);
  });

  it('sends signed-in users on public routes to /', () => {
    expect(guardRedirect('/login', member)).to.equal('/');
    expect(guardRedirect('/signup', member)).to.equal('/');
    expect(AFTER_LOGIN).to.equal('/tickets');
  });

  it('lets anyone stay on an unknown path or a page this version lacks: the not-found page says so', () => {
    for (const context of [guest, member]) {
      for (const path of ['/nowhere', '/tickets/a/b/c']) expect(guardRedirect(path, context), path).to.equal(null);
    }
  });

  it('leaves /queue-integration and /prompts to admins (their pages tell one without the plan flag and send them to /)', () => {
    for (const path of ['/queue-integration', '/prompts']) {
      expect(guardRedirect(path, guest), path).to.equal('/login');
      expect(guardRedirect(path, member), path).to.equal(null);
      expect(guardRedirect(path, { ...member, profile: 'supervisor' }), path).to.equal('/tickets');
      expect(guardRedirect(path, { ...member, profile: 'user' }), path).to.equal('/tickets');
    }
  });

  it('lets signed-in users reach the private routes, tickets by uuid or by id', () => {
    for (const path of ['/', '/tickets', '/tickets/5f1c2d3e-aaaa', '/tickets/u/42', '/users', '/connections', '/quick-messages', '/todolist', '/helps', '/kanban', '/financeiro', '/subscription', '/files']) {
      expect(guardRedirect(path, member), path).to.equal(null);
    }
  });

  it('sends a plain user from the dashboard (and so from public or unknown paths) to the tickets', () => {
    const agent: GuardContext = { ...member, profile: 'user' };
    expect(guardRedirect('/', agent)).to.equal('/tickets');
    expect(guardRedirect('/', { ...member, profile: 'supervisor' })).to.equal(null);
    expect(guardRedirect('/tickets', agent)).to.equal(null);
  });

  it('keeps the campaign area behind the cshow flag and the useCampaigns plan flag', () => {
    for (const path of ['/campaigns', '/campaign/abc/report', '/campaigns-config']) {
      expect(guardRedirect(path, member), path).to.equal('/');
      expect(guardRedirect(path, { ...member, cshow: true }), path).to.equal(null);
      expect(guardRedirect(path, { ...member, cshow: true, planFlags: {} }), path).to.equal('/');
    }
  });

  it('keeps the flows list and the phrase campaigns behind the cshow flag alone, for every profile', () => {
    for (const path of ['/flowbuilders', '/phrase-lists']) {
      expect(guardRedirect(path, member), path).to.equal('/');
      expect(guardRedirect(path, { ...member, cshow: true, planFlags: {} }), path).to.equal(null);
      expect(guardRedirect(path, { ...member, profile: 'user', cshow: true }), path).to.equal(null);
      expect(guardRedirect(path, { ...guest, cshow: true }), path).to.equal('/login');
    }
  });

  it('needs the plan flag for kanban and internal chat (super users pass)', () => {
    expect(guardRedirect('/kanban', member)).to.equal(null);
    expect(guardRedirect('/kanban', { ...member, planFlags: {} })).to.equal('/');
    expect(guardRedirect('/chats', member)).to.equal('/');
    expect(guardRedirect('/chats', { ...member, super: true })).to.equal(null);
  });
});
