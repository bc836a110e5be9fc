/** The result of a spreadsheet import: how many contacts were added, and each refused row with its reason. */
import { useTranslation } from 'react-i18next';
import type { ContactImportResult } from '@atende/shared';
import { translateError } from '@atende/shared';
import { Dialog } from '../../ui/Dialog.js';
import { Table } from '../../ui/Page.js';

export default function ImportReport({ result, onClose }: { result: ContactImportResult; onClose(): void }) {
  const { t, i18n } = useTranslation();
  return (
    <Dialog title={t('web.backoffice.contacts.importTitle')} onClose={onClose} width={640}>
      <p data-import-added={result.newContacts.length}>{t('web.backoffice.contacts.importAdded', { count: result.newContacts.length })}</p>
      {result.errorBag.length > 0 ? (
        <>
          <p>{t('web.backoffice.contacts.importErrors', { count: result.errorBag.length })}</p>
          <Table aria-label={t('web.backoffice.contacts.importErrorsTable')}>
            <thead>
              <tr>
                <th>{t('web.backoffice.contacts.row')}</th>
                <th>{t('web.backoffice.contacts.name')}</th>
                <th>{t('web.backoffice.contacts.number')}</th>
                <th>{t('web.backoffice.contacts.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {result.errorBag.map((problem) => (
                <tr key={problem.row} data-import-error-row={problem.row}>
                  <td>{problem.row}</td>
                  <td>{problem.contactName}</td>
                  <td>{problem.number}</td>
                  <td>{translateError(i18n, problem.error.code, problem.error.message)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      ) : null}
    </Dialog>
  );
}
