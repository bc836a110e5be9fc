/** The dialog of a block type, creating (no data) or editing (the block's data). */
import type { FlowNodeType } from '@atende/shared';
import type { BlockDialogProps } from './BlockDialog.js';
import { ConditionDialog } from './ConditionDialog.js';
import { ContentDialog } from './ContentDialog.js';
import { IntervalDialog } from './IntervalDialog.js';
import { MediaDialog } from './MediaDialog.js';
import { MenuDialog } from './MenuDialog.js';
import { MessageDialog } from './MessageDialog.js';
import { OpenAiDialog } from './OpenAiDialog.js';
import { QuestionDialog } from './QuestionDialog.js';
import { RandomizerDialog } from './RandomizerDialog.js';
import { TicketDialog } from './TicketDialog.js';
import { TypebotDialog } from './TypebotDialog.js';

/** Block types with a dialog: every one but the start block. */
export type DialogBlock = Exclude<FlowNodeType, 'start'>;

export function BlockDialogFor({ type, data, onCancel, onSave }: { type: DialogBlock } & BlockDialogProps<object>) {
  // Each dialog takes its own type's data: the canvas keeps data untyped, the block's type decides.
  const props = { data, onCancel, onSave } as BlockDialogProps<never>;
  switch (type) {
    case 'message':
      return <MessageDialog {...props} />;
    case 'interval':
      return <IntervalDialog {...props} />;
    case 'condition':
      return <ConditionDialog {...props} />;
    case 'menu':
      return <MenuDialog {...props} />;
    case 'randomizer':
      return <RandomizerDialog {...props} />;
    case 'singleBlock':
      return <ContentDialog {...props} />;
    case 'typebot':
      return <TypebotDialog {...props} />;
    case 'question':
      return <QuestionDialog {...props} />;
    case 'ticket':
      return <TicketDialog {...props} />;
    case 'openai':
      return <OpenAiDialog {...props} />;
    case 'img':
    case 'audio':
    case 'video':
      return <MediaDialog kind={type} {...props} />;
  }
}
