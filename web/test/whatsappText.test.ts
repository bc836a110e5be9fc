import { expect } from 'chai';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { formatWhatsapp } from '../src/ui/whatsappText.js';

const html = (text: string) => renderToStaticMarkup(createElement('span', null, ...formatWhatsapp(text)));

describe("WhatsApp text marks (the conversation's and the simulator's)", () => {
  it('shows *bold*, _italic_, ~strike~ and ```monospace```, nested marks too', () => {
    expect(html('Olá, *bem-vindo* à _loja_!')).to.equal('<span>Olá, <strong>bem-vindo</strong> à <em>loja</em>!</span>');
    expect(html('~antes~ ```a *b* c```')).to.equal('<span><s>antes</s> <code>a *b* c</code></span>');
    expect(html('*muito _bom_*')).to.equal('<span><strong>muito <em>bom</em></strong></span>');
  });

  it('leaves marks inside words, around spaces or across lines as typed', () => {
    expect(html('2*3*4 e snake_case_name')).to.equal('<span>2*3*4 e snake_case_name</span>');
    expect(html('* não * e *a\nb*')).to.equal('<span>* não * e *a\nb*</span>');
  });

  it('makes links clickable and never renders the text as HTML', () => {
    expect(html('veja https://atende.example/x')).to.equal('<span>veja <a href="https://atende.example/x" target="_blank" rel="noopener noreferrer">https://atende.example/x</a></span>');
    expect(html('<b>oi</b>')).to.equal('<span>&lt;b&gt;oi&lt;/b&gt;</span>');
  });
});
