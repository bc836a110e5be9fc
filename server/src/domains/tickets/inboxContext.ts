import type { AppContext } from '../../platform/context.js';
import type { MessageService } from '../messages/service.js';
import type { TicketService } from './service.js';

/** What the inbox routes receive: the app context plus the ticket and message services. */
export interface InboxContext extends AppContext {
  tickets: TicketService;
  messages: MessageService;
}
