import { expect } from 'chai';
import { PLAN_FLAGS, type PlanFlags } from '@atende/shared';
import { MENU, visibleMenu, type MenuContext, type MenuEntry } from '../src/app/menu.js';
import { guardRedirect } from '../src/app/routes.js';

const allFlags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, true])) as PlanFlags;
const admin: MenuContext = { profile: 'admin', super: false, planFlags: allFlags, cshow: true };

/** Item keys in order, group children as `group/child`, dividers as `|`. */
function keys(entries: MenuEntry[]): string[] {
  return entries.flatMap((entry) => (entry.kind === 'divider' ? ['|'] : entry.kind === 'link' ? [entry.key] : entry.children.map((child) => `${entry.key}/${child.key}`)));
}

describe('side menu gating', () => {
  it('shows an admin every existing screen of a full plan but the super one', () => {
    expect(keys(visibleMenu(admin))).to.deep.equal(['dashboard', 'tickets', 'kanban', 'quickMessages', 'todolist', 'contacts', 'schedules', 'tags', 'chats', 'helps', '|', 'campaignsGroup/campaigns', 'campaignsGroup/contactLists', 'campaignsGroup/campaignsConfig', 'flowsGroup/phraseLists', 'flowsGroup/flowbuilders', 'prompts', 'integrations', 'connections', 'files', 'queues', 'users', 'messagesApi', 'financeiro', 'settings']);
  });

  it('never offers a screen this version does not have, whatever the gates', () => {
    const everything = keys(visibleMenu({ ...admin, super: true }));
    // The flow editor is reached from the flows list, never from the menu.
    expect(everything.filter((key) => key.startsWith('flowsGroup'))).to.deep.equal(['flowsGroup/phraseLists', 'flowsGroup/flowbuilders']);
  });

  it('shows the campaign area by the plan flag, as the seed\'s menu does', () => {
    const campaignArea = (context: MenuContext) => keys(visibleMenu(context)).filter((key) => key.startsWith('campaignsGroup/'));
    expect(campaignArea(admin)).to.deep.equal(['campaignsGroup/campaigns', 'campaignsGroup/contactLists', 'campaignsGroup/campaignsConfig']);
    expect(campaignArea({ ...admin, planFlags: { ...allFlags, useCampaigns: false } })).to.deep.equal([]);
  });

  it('hides the admin items from the user profile', () => {
    const user = keys(visibleMenu({ ...admin, profile: 'user' }));
    for (const hidden of ['dashboard', 'connections', 'files', 'queues', 'users', 'financeiro', 'settings', 'integrations', 'prompts']) expect(user).to.not.include(hidden);
    expect(user).to.include.members(['tickets', 'quickMessages', 'todolist', 'contacts', 'schedules', 'tags', 'helps', 'kanban', 'chats']);
    expect(keys(visibleMenu({ ...admin, profile: 'supervisor' }))).to.not.include.members(['users', 'files', 'integrations', 'prompts']);
  });

  it('hides each plan-gated item when the plan lacks its flag', () => {
    const gated = { useKanban: 'kanban', useInternalChat: 'chats', useSchedules: 'schedules', useExternalApi: 'messagesApi', useIntegrations: 'integrations', useOpenAi: 'prompts' } as const;
    for (const [flag, key] of Object.entries(gated)) {
      const shown = keys(visibleMenu({ ...admin, planFlags: { ...allFlags, [flag]: false } }));
      expect(shown, flag).to.not.include(key);
      expect(shown.length, flag).to.equal(keys(visibleMenu(admin)).length - 1);
    }
  });

  it('shows announcements to super users only, whatever their plan', () => {
    expect(keys(visibleMenu(admin))).to.not.include('announcements');
    const superUser = keys(visibleMenu({ ...admin, super: true, planFlags: {} }));
    expect(superUser).to.include.members(['announcements', 'dashboard', 'users', 'kanban']);
  });

  it('never leaves a divider at the edge', () => {
    const bare = visibleMenu({ profile: 'user', super: false, planFlags: {}, cshow: true });
    expect(keys(bare)).to.deep.equal(['tickets', 'quickMessages', 'todolist', 'contacts', 'tags', 'helps', '|', 'flowsGroup/phraseLists', 'flowsGroup/flowbuilders']);
    const withoutFlows = visibleMenu({ profile: 'user', super: false, planFlags: {}, cshow: true }, MENU.filter((entry) => entry.key !== 'flowsGroup'));
    expect(keys(withoutFlows)).to.deep.equal(['tickets', 'quickMessages', 'todolist', 'contacts', 'tags', 'helps']);
  });

  it('offers no entry whose page would send the user back to / (the campaign area switched off, a refused profile)', () => {
    const withoutArea = keys(visibleMenu({ ...admin, cshow: false }));
    expect(withoutArea.filter((key) => key.startsWith('campaignsGroup/') || key.startsWith('flowsGroup/')), 'campaigns and flows need the area').to.deep.equal([]);
    const superAgent = keys(visibleMenu({ ...admin, profile: 'user', super: true }));
    expect(superAgent, 'the dashboard refuses the user profile').to.not.include('dashboard');
    for (const context of [admin, { ...admin, profile: 'user' as const }, { ...admin, profile: 'supervisor' as const }, { ...admin, cshow: false }, { ...admin, planFlags: {} }]) {
      const links = visibleMenu(context).flatMap((entry) => (entry.kind === 'link' ? [entry] : entry.kind === 'group' ? entry.children : []));
      for (const link of links) expect(guardRedirect(link.path, { ...context, signedIn: true }), `${context.profile} ${link.path}`).to.equal(null);
    }
  });
});
