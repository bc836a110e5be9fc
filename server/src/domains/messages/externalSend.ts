/**
 * The external send API (document 3): an integrator holding a connection's API token sends text
 * or files to a number. The contact is found or created, the message goes to the contact's active
 * ticket on that connection or to a new one, and it leaves through the outbound sender like any
 * message typed in the inbox.
 *
 * Decisions the spec leaves open: a new ticket is opened `pending` (conversation.ts); the plan
 * must have useExternalApi; a connection that is not CONNECTED refuses at once
 * (ERR_WAPP_NOT_CONNECTED) instead of queueing, so that the integrator learns it now rather than
 * through a silent retry.
 */
import type { Message } from '@atende/shared';
import type { ExternalSendAnswer } from '@atende/shared/client';
import type { ConnectionCredentials } from '../../platform/auth/connectionToken.js';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { storeUpload } from '../../platform/uploads.js';
import { CompanyModel, type CompanyDoc } from '../companies/model.js';
import { filesToSend, findFileList } from '../files/dto.js';
import type { FileListDoc } from '../files/model.js';
import { planFlagsOfCompany } from '../plans/service.js';
import type { TicketDoc } from '../tickets/model.js';
import { WhatsappModel, type WhatsappDoc } from '../whatsapp/model.js';
import { conversationWith } from './conversation.js';
import { MessageModel } from './model.js';
import type { MessageService, OutgoingFile } from './service.js';

export interface ExternalSendInput {
  /** Digits (checked by the shared contact number rule). */
  number: string;
  body: string;
  quotedMsgId?: string | null;
  /** A file list of the company, sent after the body and files. */
  fileListId?: string | null;
  files: OutgoingFile[];
}

/**
 * The connection owning an API token, or null. A token of a closed company is refused with the
 * reason, as its users' logins are.
 */
export async function connectionOfToken(token: string): Promise<ConnectionCredentials | null> {
  const whatsapp = await WhatsappModel.findOne({ token }, { companyId: 1 }).setOptions({ crossTenant: true }).lean<Pick<WhatsappDoc, '_id' | 'companyId'>>();
  if (!whatsapp) return null;
  const company = await CompanyModel.findById(whatsapp.companyId, { status: 1, dueDate: 1 }).lean<Pick<CompanyDoc, 'status' | 'dueDate'>>();
  if (!company) return null;
  if (!company.status) throw new AppError('ERR_COMPANY_INACTIVE');
  if (company.dueDate.getTime() <= Date.now()) throw new AppError('ERR_SUBSCRIPTION_EXPIRED', { dueDate: company.dueDate.toISOString() });
  return { whatsappId: String(whatsapp._id), companyId: String(whatsapp.companyId) };
}

export function createExternalSendService(deps: { realtime: RealtimePublisher; messages: MessageService }) {
  const { realtime, messages } = deps;

  /** As campaigns send a list: its message as the caption of its first file (alone when it has none). */
  async function sendFileList(companyId: string, ticket: TicketDoc, fileList: FileListDoc): Promise<Message[]> {
    const files = filesToSend(fileList);
    const message = fileList.message.trim();
    if (files.length === 0) return message ? [await messages.storeOutbound({ companyId, ticket, body: message, origin: 'api' })] : [];
    const sent: Message[] = [];
    for (const [index, media] of files.entries()) sent.push(await messages.storeOutbound({ companyId, ticket, body: index === 0 ? message : '', media, origin: 'api' }));
    return sent;
  }

  return {
    async send({ companyId, whatsappId }: ConnectionCredentials, input: ExternalSendInput): Promise<ExternalSendAnswer> {
      const whatsapp = await WhatsappModel.findOne({ companyId, _id: whatsappId }).lean<WhatsappDoc>();
      if (!whatsapp) throw new AppError('ERR_NO_WAPP_FOUND');
      if (!(await planFlagsOfCompany(companyId)).useExternalApi) throw new AppError('ERR_PLAN_FEATURE_DISABLED', { planFlag: 'useExternalApi' });
      const body = input.body.trim();
      const fileList = input.fileListId ? await findFileList(companyId, input.fileListId) : null;
      if (!body && input.files.length === 0 && !fileList) throw new AppError('ERR_VALIDATION', { field: 'body', rule: 'any.required' }, 'body: empty messages are not sent');
      if (whatsapp.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_CONNECTED');
      // Every file is checked and stored before anything else: a bad one refuses the whole send.
      const stored = await Promise.all(input.files.map((file) => storeUpload(companyId, file)));
      const { contact, ticket } = await conversationWith(realtime, companyId, whatsapp._id, { number: input.number });
      const quotedMsgId = input.quotedMsgId || null;
      if (quotedMsgId && !(await MessageModel.exists({ companyId, ticketId: ticket._id, _id: quotedMsgId }))) throw new AppError('ERR_NO_MESSAGE_FOUND');

      const sent: Message[] = [];
      if (stored.length === 0 && (body || !fileList)) sent.push(await messages.storeOutbound({ companyId, ticket, body, quotedMsgId, origin: 'api' }));
      for (const [index, media] of stored.entries()) {
        // As in the inbox: the text is the caption of the first file.
        sent.push(await messages.storeOutbound({ companyId, ticket, body: index === 0 ? body : '', media, quotedMsgId: index === 0 ? quotedMsgId : null, origin: 'api' }));
      }
      if (fileList) sent.push(...(await sendFileList(companyId, ticket, fileList)));
      return { ticketId: String(ticket._id), contactId: String(contact._id), messages: sent };
    },
  };
}
