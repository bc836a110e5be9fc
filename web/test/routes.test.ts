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
    expect(guardRedirect('/nowhere', guest)).to.equal('/login');
  });

  it('sends signed-in users on public routes to /, and unknown paths to /', () => {
    expect(guardRedirect('/login', member)).to.equal('/');
    expect(guardRedirect('/signup', member)).to.equal('/');
    expect(guardRedirect('/nowhere', member)).to.equal('/');
    expect(AFTER_LOGIN).to.equal('/tickets');
  });

  it('lets signed-in users reach the private routes, tickets by uuid or by id', () => {
    for (const path of ['/', '/tickets', '/tickets/5f1c2d3e-aaaa', '/tickets/u/42', '/users', '/connections', '/quick-messages', '/todolist', '/helps', '/financeiro', '/subscription']) {
      expect(guardRedirect(path, member), path).to.equal(null);
    }
  });

  it('sends a plain user from the dashboard (and so from public or unknown paths) to the tickets', () => {
    const agent: GuardContext = { ...member, profile: 'user' };
    expect(guardRedirect('/', agent)).to.equal('/tickets');
    expect(guardRedirect('/', { ...member, profile: 'supervisor' })).to.equal(null);
    expect(guardRedirect('/tickets', agent)).to.equal(null);
  });

  it('opens the campaign and flow areas only with the cshow flag', () => {
    for (const path of ['/campaigns', '/contact-lists', '/campaigns-config', '/phrase-lists', '/flowbuilders', '/flowbuilder/7']) {
      expect(guardRedirect(path, member), path).to.equal('/');
      expect(guardRedirect(path, { ...member, cshow: true }), path).to.equal(null);
    }
  });

  it('needs the plan flag for kanban, schedules, internal chat and campaigns (super users pass)', () => {
    expect(guardRedirect('/kanban', member)).to.equal(null);
    expect(guardRedirect('/schedules', member)).to.equal('/');
    expect(guardRedirect('/chats', member)).to.equal('/');
    expect(guardRedirect('/campaigns', { ...member, cshow: true, planFlags: {} })).to.equal('/');
    expect(guardRedirect('/schedules', { ...member, super: true })).to.equal(null);
  });
});
