/** The words of a graph problem (flowProblems of @atende/shared) and of the handle it concerns. */
import type { TFunction } from 'i18next';
import { FLOW_CONDITION_HANDLES, FLOW_RANDOMIZER_HANDLES, FLOW_RUN_BLOCKS_MAX, type FlowProblem } from '@atende/shared';
import { dataOf, type EditorNode } from './graph.js';

export function handleLabel(t: TFunction, node: EditorNode | undefined, handle: string): string {
  if (node?.type === 'menu' && /^a\d+$/.test(handle)) return t('web.flowEditor.handles.option', { number: Number(handle.slice(1)) });
  if (node?.type === 'condition') return t(handle === FLOW_CONDITION_HANDLES.yes ? 'web.flowEditor.handles.yes' : 'web.flowEditor.handles.no');
  if (node?.type === 'randomizer') {
    const { percent } = dataOf(node, 'randomizer');
    return handle === FLOW_RANDOMIZER_HANDLES.percent
      ? t('web.flowEditor.handles.percent', { percent })
      : t('web.flowEditor.handles.rest', { percent: 100 - percent });
  }
  return handle;
}

export function problemText(t: TFunction, problem: FlowProblem, node: EditorNode | undefined): string {
  return t(`web.flowEditor.problems.${problem.code}`, { handle: problem.handle ? handleLabel(t, node, problem.handle) : '', blocks: FLOW_RUN_BLOCKS_MAX });
}
