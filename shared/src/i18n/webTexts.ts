/**
 * The web console's texts of one language (the texts every program shows plus the console's own,
 * not the terminal programs'), each language in a module of its own that the browser downloads
 * only when the console shows that language: one language at the first load, not three.
 */
import type { Language } from '../domain/enums.js';
import type { CommonTranslation } from './pt.js';
import type { WebTranslation } from './web/pt.js';

export type WebTexts = CommonTranslation & { web: WebTranslation };

export async function webTexts(language: Language): Promise<WebTexts> {
  switch (language) {
    case 'pt': {
      const [{ ptCommon }, { webPt }] = await Promise.all([import('./pt.js'), import('./web/pt.js')]);
      return { ...ptCommon, web: webPt };
    }
    case 'es': {
      const [{ esCommon }, { webEs }] = await Promise.all([import('./es.js'), import('./web/es.js')]);
      return { ...esCommon, web: webEs };
    }
    default: {
      const [{ enCommon }, { webEn }] = await Promise.all([import('./en.js'), import('./web/en.js')]);
      return { ...enCommon, web: webEn };
    }
  }
}
