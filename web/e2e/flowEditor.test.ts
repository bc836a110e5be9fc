import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import type { FlowWithGraph } from '@atende/shared';
import { createCompany, PNG, type Company } from './fixtures.js';
import { launchChromium, openPage, signIn, startConsole, waitForToast, type Console, type OpenedPage } from './support.js';

/** A node's place on the canvas, in flow units (xyflow writes it as the node's translate). */
async function positionOf(node: Locator): Promise<{ x: number; y: number; width: number }> {
  return node.evaluate((element: HTMLElement) => {
    const match = /translate\(([-\d.]+)px,\s*([-\d.]+)px\)/.exec(element.style.transform);
    return { x: Number(match?.[1]), y: Number(match?.[2]), width: element.offsetWidth };
  });
}

/** Drags from a block's exit to another block's entry, as a user connects them. */
async function connect(page: Page, sourceId: string, handle: string, targetId: string): Promise<void> {
  await page.locator('.react-flow__controls-fitview').click();
  // The fitted viewport is drawn on a later frame: read the handles after it.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const from = await page.locator(`.react-flow__node[data-id="${sourceId}"] .react-flow__handle.source[data-handleid="${handle}"]`).boundingBox();
  const to = await page.locator(`.react-flow__node[data-id="${targetId}"] .react-flow__handle.target`).boundingBox();
  if (!from || !to) throw new Error(`handles of ${sourceId}/${handle} -> ${targetId} not on screen`);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
}

describe('web console: flow editor', () => {
  let console: Console;
  let company: Company;
  let admin: OpenedPage;

  const nodes = () => admin.page.locator('.react-flow__node');
  const block = (type: string) => admin.page.locator(`.react-flow__node-${type}`);
  const idOf = async (node: Locator) => (await node.getAttribute('data-id'))!;
  const dialog = (title: string) => admin.page.locator('[role="dialog"]', { hasText: title });

  async function newFlow(name: string): Promise<string> {
    const flow = await company.admin.request<{ id: string }>('POST', '/flowbuilder', { body: { name } });
    return flow.id;
  }

  async function openEditor(flowId: string): Promise<void> {
    await admin.page.goto(`/flowbuilder/${flowId}`);
    await admin.page.locator('[data-flow-canvas]:not([data-loading]) .react-flow__node').first().waitFor();
  }

  async function addFromMenu(type: string, title: string, fill: (form: Locator) => Promise<void>): Promise<Locator> {
    const before = await block(type).count();
    await admin.page.click(`[data-add-block="${type}"]`);
    const form = dialog(title);
    await form.waitFor();
    await fill(form);
    await form.locator('[data-block-submit]').click();
    await block(type).nth(before).waitFor();
    return block(type).nth(before);
  }

  before(async function () {
    this.timeout(90_000);
    console = await startConsole();
    company = await createCompany(console, 'fluxos');
    admin = await openPage(console);
    await signIn(admin.page, company.adminAccount.email, company.adminAccount.password);
    // The flow routes exist only with the cshow flag; the spec's texts are the Portuguese ones.
    await admin.page.evaluate(() => {
      localStorage.setItem('cshow', 'true');
      localStorage.setItem('i18nextLng', 'pt');
    });
  });

  after(async () => {
    await admin?.context.close();
    await console?.stop();
  });

  afterEach(() => expect(admin.errors).to.deep.equal([]));

  it('draws a menu, a question and a condition, connects them, shows an unconnected option, saves and reads it back', async () => {
    const { page } = admin;
    const flowId = await newFlow('Atendimento');
    await openEditor(flowId);
    await page.locator('h1', { hasText: 'Desenhe seu fluxo' }).waitFor();
    await page.getByText('Não se esqueça de salvar seu fluxo!').waitFor();
    // Never saved: the default start block '1'.
    expect(await nodes().count()).to.equal(1);
    const start = page.locator('.react-flow__node[data-id="1"]');
    await start.getByText('Inicio do fluxo').waitFor();

    const menu = await addFromMenu('menu', 'Adicionar menu ao fluxo', async (form) => {
      await form.locator('textarea[name="message"]').fill('Escolha: 1 Vendas, 2 Suporte');
      await form.locator('input[name="option1"]').fill('Vendas');
      await form.getByRole('button', { name: 'Adicionar opção' }).click();
      await form.locator('input[name="option2"]').fill('Suporte');
    });
    // Placed in view (flowEditorSafety.test.ts), not on the start block.
    const [startAt, menuAt] = [await positionOf(start), await positionOf(menu)];
    expect(menuAt).to.not.deep.include({ x: startAt.x, y: startAt.y });

    const question = await addFromMenu('question', 'Adicionar Pergunta ao fluxo', async (form) => {
      await form.locator('textarea[name="message"]').fill('Qual é o seu nome?');
      await form.locator('input[name="answerKey"]').fill('nome');
    });
    expect(await page.evaluate(() => localStorage.getItem('variables'))).to.equal('["nome"]');
    const condition = await addFromMenu('condition', 'Adicionar condição ao fluxo', async (form) => {
      await form.locator('select[name="key"]').selectOption('nome');
      await form.locator('select[name="condition"]').selectOption('contains');
      await form.locator('input[name="value"]').fill('Ana');
    });
    await condition.getByText('{{nome}} contém “Ana”').waitFor();

    const [startId, menuId, questionId, conditionId] = [await idOf(start), await idOf(menu), await idOf(question), await idOf(condition)];
    expect(menuId).to.match(/^[A-Za-z0-9]{30}$/);
    await connect(page, startId, 'a', menuId);
    await connect(page, menuId, 'a1', questionId);
    await connect(page, questionId, 'a', conditionId);
    await page.locator('.react-flow__edge').nth(2).waitFor();

    // Option 2 leads nowhere: a red outline, a text on the block, a line in the side note.
    await menu.locator('[data-block-problems]', { hasText: 'Saída sem conexão: Opção 2' }).waitFor();
    expect(await menu.locator('[data-block]').getAttribute('data-problems')).to.equal('1');
    await page.locator('[data-problems-note] button[aria-expanded="false"]').click();
    await page.locator(`[data-problems-note] [data-problem-for="${menuId}"]`, { hasText: 'Opção 2' }).waitFor();
    await page.locator('[data-problems-note] button[aria-expanded="true"]').click();
    await connect(page, menuId, 'a2', conditionId);
    await menu.locator('[data-block-problems]').waitFor({ state: 'detached' });

    await page.click('[data-save-flow]');
    await waitForToast(page, 'Fluxo salvo com sucesso');
    const { flow } = await company.admin.request<{ flow: FlowWithGraph }>('GET', `/flowbuilder/flow/${flowId}`);
    expect(flow.flow!.nodes.map((node) => node.type)).to.deep.equal(['start', 'menu', 'question', 'condition']);
    expect(flow.flow!.nodes[2]!.data).to.deep.equal({ typebotIntegration: { message: 'Qual é o seu nome?', answerKey: 'nome' } });
    expect(flow.flow!.connections.map((edge) => [edge.source, edge.sourceHandle, edge.target])).to.deep.equal([
      [startId, 'a', menuId],
      [menuId, 'a1', questionId],
      [questionId, 'a', conditionId],
      [menuId, 'a2', conditionId],
    ]);

    await page.reload();
    await page.locator('[data-flow-canvas]:not([data-loading]) .react-flow__node').first().waitFor();
    expect(await nodes().count()).to.equal(4);
    expect(await page.locator('.react-flow__edge').count()).to.equal(4);
    await block('menu').getByText('[2] Suporte').waitFor();
    // The condition's exits are still open: the checks say so after the reload too.
    await block('condition').locator('[data-block-problems]', { hasText: 'Verdadeiro' }).waitFor();

    // Renaming the question's variable replaces the old name in the browser's list.
    await block('question').locator('[data-block] header strong').dblclick();
    const edit = dialog('Editar Pergunta');
    expect(await edit.locator('input[name="answerKey"]').inputValue()).to.equal('nome');
    await edit.locator('input[name="answerKey"]').fill('cliente');
    await edit.locator('[data-block-submit]').click();
    await block('question').getByText('Resposta em {{cliente}}').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('variables'))).to.equal('["cliente"]');
  });

  it('duplicates to the right of the rightmost block, deletes with the keys, and a new start replaces the old', async () => {
    const { page } = admin;
    const flowId = await newFlow('Rascunho');
    await openEditor(flowId);
    const menuId = await idOf(
      await addFromMenu('menu', 'Adicionar menu ao fluxo', async (form) => {
        await form.locator('textarea[name="message"]').fill('Oi');
        await form.locator('input[name="option1"]').fill('Sim');
      }),
    );
    const menu = page.locator(`.react-flow__node[data-id="${menuId}"]`);
    await connect(page, '1', 'a', menuId);
    await page.locator('.react-flow__edge').first().waitFor();

    await menu.getByRole('button', { name: 'Duplicar bloco' }).click();
    await block('menu').nth(1).waitFor();
    const copy = block('menu').nth(1);
    const [menuAt, copyAt] = [await positionOf(menu), await positionOf(copy)];
    expect(copyAt).to.deep.include({ x: menuAt.x + 240, y: menuAt.y });
    expect(await idOf(copy)).to.not.equal(menuId);
    expect(await copy.getAttribute('class')).to.not.include('selected');

    // An edge alone, selected and removed with Backspace.
    await page.locator('.react-flow__edge-interaction').first().click({ force: true });
    await page.keyboard.press('Backspace');
    await page.locator('.react-flow__edge').waitFor({ state: 'detached' });
    expect(await nodes().count()).to.equal(3);

    // A block with its edges, removed with Delete.
    await connect(page, '1', 'a', menuId);
    await page.locator('.react-flow__edge').first().waitFor();
    await menu.locator('[data-block] header strong').click();
    await menu.locator('[data-selected]').waitFor();
    await page.keyboard.press('Delete');
    await menu.waitFor({ state: 'detached' });
    expect(await nodes().count()).to.equal(2);
    expect(await page.locator('.react-flow__edge').count()).to.equal(0);

    await page.click('[data-add-block="start"]');
    await page.locator('.react-flow__node[data-id="1"]').waitFor({ state: 'detached' });
    expect(await block('start').count()).to.equal(1);
    expect(await idOf(block('start'))).to.match(/^[A-Za-z0-9]{30}$/);

    // Without a start the note says so before saving, and the server refuses the save.
    await block('start').getByRole('button', { name: 'Excluir bloco' }).click();
    await page.locator('[data-problems-note] button[aria-expanded="false"]').click();
    await page.locator('[data-problems-note] [data-problem-for=""]', { hasText: 'O fluxo não tem bloco de início' }).waitFor();
    await page.click('[data-save-flow]');
    await page.locator('[data-toast="error"]').waitFor();
    const { flow } = await company.admin.request<{ flow: FlowWithGraph }>('GET', `/flowbuilder/flow/${flowId}`);
    expect(flow.flow).to.equal(null);
  });

  it('builds a content sequence: empty cards refused, size limit, reorder, upload view, stored names', async () => {
    const { page } = admin;
    const flowId = await newFlow('Boas-vindas');
    await openEditor(flowId);
    await page.click('[data-add-block="singleBlock"]');
    const form = dialog('Adicionar conteúdo ao fluxo');
    const submit = () => form.locator('[data-block-submit]').click();
    await form.locator('[data-add-card="message"]').click();
    await submit();
    await waitForToast(page, 'Campos de mensagem vazio!');
    await form.locator('[data-card="message"] textarea').fill('Bem-vindo!');
    await form.locator('[data-add-card="img"]').click();
    await submit();
    await waitForToast(page, 'Delete os cards vazios(Imagem, Audio e Video)');

    const picker = form.locator('[data-card="img"] input[type="file"]');
    await picker.setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
    await waitForToast(page, 'Arquivo é muito grande! 2MB máximo');
    await picker.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await form.locator('[data-card="img"] [data-card-file]', { hasText: 'logo.png' }).waitFor();
    await form.locator('[data-card="img"]').getByRole('button', { name: 'Subir card' }).click();
    expect(await form.locator('[data-card]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-card')))).to.deep.equal(['img', 'message']);

    // The upload is held a moment so that its view can be seen.
    await page.route('**/api/flowbuilder/content', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await submit();
    await form.locator('[data-uploading]', { hasText: 'Subindo os arquivos e criando o conteúdo...' }).waitFor();
    await block('singleBlock').getByText('Imagem: logo.png').waitFor();
    await page.unroute('**/api/flowbuilder/content');

    await page.click('[data-save-flow]');
    await waitForToast(page, 'Fluxo salvo com sucesso');
    const { flow } = await company.admin.request<{ flow: FlowWithGraph }>('GET', `/flowbuilder/flow/${flowId}`);
    const content = flow.flow!.nodes.find((node) => node.type === 'singleBlock');
    if (content?.type !== 'singleBlock') throw new Error('no content block saved');
    expect(content.data.seq).to.deep.equal(['img0', 'message1']);
    const [image, text] = content.data.elements;
    expect(image).to.deep.include({ number: 'img0', type: 'img', original: 'logo.png' });
    expect(image!.value).to.be.a('string').and.not.equal('').and.not.include('/');
    expect(text).to.deep.equal({ number: 'message1', type: 'message', value: 'Bem-vindo!' });
  });

  it('uploads a JPEG compressed at quality 0.7', async () => {
    const { page } = admin;
    const flowId = await newFlow('Fotos');
    await openEditor(flowId);
    // A noisy photo at full quality, drawn by the browser itself.
    const photo = Buffer.from(
      await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 300;
        canvas.height = 300;
        const context = canvas.getContext('2d')!;
        for (let x = 0; x < 300; x += 3) for (let y = 0; y < 300; y += 3) {
          context.fillStyle = `rgb(${(x * 7 + y) % 256}, ${(x * y) % 256}, ${(y * 13) % 256})`;
          context.fillRect(x, y, 3, 3);
        }
        return canvas.toDataURL('image/jpeg', 1).split(',')[1]!;
      }),
      'base64',
    );
    await page.click('[data-add-block="singleBlock"]');
    const form = dialog('Adicionar conteúdo ao fluxo');
    await form.locator('[data-add-card="img"]').click();
    await form.locator('[data-card="img"] input[type="file"]').setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo });
    await form.locator('[data-block-submit]').click();
    await block('singleBlock').getByText('Imagem: foto.jpg').waitFor();
    await page.click('[data-save-flow]');
    await waitForToast(page, 'Fluxo salvo com sucesso');
    // Media is served by the signed addresses the flow's answer carries.
    const { flow } = await company.admin.request<{ flow: FlowWithGraph & { mediaUrls: Record<string, string> } }>('GET', `/flowbuilder/flow/${flowId}`);
    const content = flow.flow!.nodes.find((node) => node.type === 'singleBlock');
    if (content?.type !== 'singleBlock') throw new Error('no content block saved');
    const stored = await fetch(`${console.server.url}${flow.mediaUrls[content.data.elements[0]!.value]}`);
    expect(stored.status).to.equal(200);
    // The stored photo is the re-encoded one: well under the original's size.
    expect((await stored.arrayBuffer()).byteLength).to.be.below(photo.length * 0.8);

    // An image block shows its picture through the signed address.
    const name = content.data.elements[0]!.value;
    await company.admin.request('POST', '/flowbuilder/flow', {
      body: { idFlow: flowId, nodes: [...flow.flow!.nodes, { id: 'foto', type: 'img', position: { x: 0, y: 300 }, data: { url: name } }], connections: flow.flow!.connections },
    });
    await openEditor(flowId);
    const picture = block('img').locator('img');
    await picture.waitFor();
    await page.waitForFunction((element) => (element as HTMLImageElement).complete, await picture.elementHandle());
    expect(await picture.evaluate((element: HTMLImageElement) => element.naturalWidth)).to.equal(300);
  });

  it('records an audio card with the microphone and uploads it as a recording', async () => {
    // A browser of its own with Chromium's fake microphone (a tone) and its prompt granted.
    const browser = await launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);
    try {
      const recorder = await openPage({ ...console, browser }, { permissions: ['microphone'] });
      const { page } = recorder;
      // Another author: signing the admin in here would end the admin's session of the other tests.
      const author = { email: `author-${Date.now().toString(36)}@fluxos.test`, password: 'author-secret' };
      await company.admin.users.create({ name: 'Rita Autora', ...author, profile: 'supervisor' });
      await signIn(page, author.email, author.password);
      await page.evaluate(() => {
        localStorage.setItem('cshow', 'true');
        localStorage.setItem('i18nextLng', 'pt');
      });
      const flowId = await newFlow('Áudios');
      await page.goto(`/flowbuilder/${flowId}`);
      await page.locator('[data-flow-canvas]:not([data-loading]) .react-flow__node').first().waitFor();
      await page.click('[data-add-block="singleBlock"]');
      const form = page.locator('[role="dialog"]', { hasText: 'Adicionar conteúdo ao fluxo' });
      await form.locator('[data-add-card="audio"]').click();
      await form.getByRole('button', { name: 'Gravar áudio' }).click();
      await page.waitForTimeout(1500);
      await form.getByRole('button', { name: /Parar gravação/ }).click();
      await form.locator('[data-card="audio"] [data-card-file]', { hasText: 'Áudio gravado' }).waitFor();
      await form.locator('[data-block-submit]').click();
      await page.locator('.react-flow__node-singleBlock', { hasText: /Áudio: audio-\d+\.mp3/ }).waitFor();
      await page.click('[data-save-flow]');
      await waitForToast(page, 'Fluxo salvo com sucesso');
      const { flow } = await company.admin.request<{ flow: FlowWithGraph }>('GET', `/flowbuilder/flow/${flowId}`);
      const content = flow.flow!.nodes.find((node) => node.type === 'singleBlock');
      if (content?.type !== 'singleBlock') throw new Error('no content block saved');
      expect(content.data.elements).to.have.length(1);
      expect(content.data.elements[0]).to.deep.include({ number: 'audio0', type: 'audio', record: true });
      expect(content.data.elements[0]!.original).to.match(/^audio-\d+\.mp3$/);
      expect(content.data.elements[0]!.value).to.be.a('string').and.not.equal('');
      expect(recorder.errors).to.deep.equal([]);
    } finally {
      await browser.close();
    }
  });

  it('asks the ticket block for a queue, keeps the OpenAI key masked with its defaults, sets the randomizer by tens, checks the TypeBot name', async () => {
    const { page } = admin;
    const flowId = await newFlow('Integrações');
    await openEditor(flowId);

    await page.click('[data-add-block="ticket"]');
    const ticket = dialog('Adicionar ticket ao fluxo');
    await ticket.locator('[data-block-submit]').click();
    await waitForToast(page, 'Adicione uma fila');
    await ticket.locator('select[name="queueId"]').selectOption({ label: company.queue.name });
    await ticket.locator('[data-block-submit]').click();
    await block('ticket').getByText(`Transfere para ${company.queue.name}`).waitFor();

    await page.click('[data-add-block="openai"]');
    const openai = dialog('Adicionar OpenAI ao fluxo');
    await openai.locator('[data-block-submit]').click();
    for (const field of ['name', 'apiKey', 'prompt']) await openai.locator(`[data-error-for="${field}"]`, { hasText: 'Obrigatório' }).waitFor();
    await openai.locator('input[name="name"]').fill('Assistente');
    const key = openai.locator('input[name="apiKey"]');
    await key.fill('sk-segredo');
    expect(await key.getAttribute('type')).to.equal('password');
    await openai.getByRole('button', { name: 'Mostrar a chave' }).click();
    expect(await key.getAttribute('type')).to.equal('text');
    await openai.locator('textarea[name="prompt"]').fill('Você atende os clientes da loja.');
    expect(await openai.locator('select[name="voice"]').inputValue()).to.equal('texto');
    await openai.locator('[data-block-submit]').click();
    await block('openai').getByText('Assistente').waitFor();

    await page.click('[data-add-block="randomizer"]');
    const randomizer = dialog('Adicionar randomizador ao fluxo');
    const slider = randomizer.locator('input[name="percent"]');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await randomizer.locator('[data-randomizer-summary]', { hasText: '60% para A, 40% para B' }).waitFor();
    await randomizer.locator('[data-block-submit]').click();
    await block('randomizer').locator('[data-exit="b"]', { hasText: 'B (40%)' }).waitFor();

    await page.click('[data-add-block="typebot"]');
    const typebot = dialog('Adicionar TypeBot ao fluxo');
    const typebotName = typebot.locator('input[name="name"]');
    // The editor is in Portuguese: so are the block's errors.
    for (const [typed, problem] of [['', 'Obrigatório'], ['A', 'Muito curto!'], ['B'.repeat(51), 'Muito longo!']]) {
      await typebotName.fill(typed!);
      await typebot.locator('[data-block-submit]').click();
      await typebot.locator('[data-error-for="name"]', { hasText: problem }).waitFor();
    }
    await typebotName.fill('Bot de vendas');
    // The server's address rule, said in the dialog: http(s), no credentials.
    const typebotUrl = typebot.locator('input[name="urlN8N"]');
    await typebotUrl.fill('ftp://bot:secret@bots.example.com');
    await typebot.locator('[data-block-submit]').click();
    await typebot.locator('[data-error-for="urlN8N"]', { hasText: 'Um endereço http(s), sem usuário nem senha' }).waitFor();
    await typebotUrl.fill('');
    await typebot.locator('input[name="typebotSlug"]').fill('vendas');
    await typebot.locator('[data-block-submit]').click();
    await block('typebot').getByText('Bot de vendas').waitFor();

    await page.click('[data-save-flow]');
    await waitForToast(page, 'Fluxo salvo com sucesso');
    const { flow } = await company.admin.request<{ flow: FlowWithGraph }>('GET', `/flowbuilder/flow/${flowId}`);
    const data = Object.fromEntries(flow.flow!.nodes.map((node) => [node.type, node.data]));
    expect(data.ticket).to.deep.equal({ queueId: company.queue.id, name: company.queue.name });
    expect(data.openai).to.deep.equal({
      typebotIntegration: {
        name: 'Assistente',
        projectName: 'Assistente',
        prompt: 'Você atende os clientes da loja.',
        // Stored sealed, answered masked (the key is a secret: see server domains/flows/blockKeys.ts).
        apiKey: '...do',
        voice: 'texto',
        voiceKey: '',
        voiceRegion: '',
        maxTokens: 100,
        temperature: 1,
        maxMessages: 10,
        queueId: null,
      },
    });
    expect(data.randomizer).to.deep.equal({ percent: 60 });
    expect(data.typebot).to.deep.include({ typebotIntegration: { name: 'Bot de vendas', projectName: 'Bot de vendas', urlN8N: '', typebotSlug: 'vendas', typebotExpires: 1, typebotDelayMessage: 1000 } });
  });

  it("says the interval's limits in toasts and draws a valid interval", async () => {
    const { page } = admin;
    await openEditor(await newFlow('Pausas'));
    await page.click('[data-add-block="interval"]');
    const form = dialog('Adicionar intervalo ao fluxo');
    await form.locator('[data-block-submit]').click();
    await waitForToast(page, 'Adicione o valor de intervalo');
    await form.locator('input[name="sec"]').fill('0');
    await form.locator('[data-block-submit]').click();
    await waitForToast(page, 'Intervalo não pode ser 0 ou maior que 120!');
    await form.locator('input[name="sec"]').fill('150');
    await waitForToast(page, 'Máximo de tempo atingido 120 segundos');
    await form.locator('[data-block-submit]').click();
    await waitForToast(page, 'Intervalo não pode ser 0 ou maior que 120!');
    await form.locator('input[name="sec"]').fill('5');
    await form.locator('[data-block-submit]').click();
    await block('interval').getByText('Intervalo 5 seg.').waitFor();
    // Edited by a double click: the same block, its new value.
    const interval = block('interval');
    const id = await idOf(interval);
    await interval.locator('[data-block] header strong').dblclick();
    const edit = dialog('Editar intervalo');
    await edit.locator('input[name="sec"]').fill('30');
    await edit.locator('[data-block-submit]').click();
    await interval.getByText('Intervalo 30 seg.').waitFor();
    expect(await idOf(block('interval'))).to.equal(id);
    // From the keyboard: Enter on the focused block opens the same dialog, Escape closes it.
    await interval.focus();
    await page.keyboard.press('Enter');
    await edit.waitFor();
    expect(await edit.locator('input[name="sec"]').inputValue()).to.equal('30');
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    expect(await nodes().count()).to.equal(2);
  });
});
