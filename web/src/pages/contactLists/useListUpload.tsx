/** Importing a sheet into one contact list: the hidden file input, the busy state and the per-row report. */
import { useRef, useState } from 'react';
import type { ContactImportResult } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { useErrorToast } from '../../ui/toast.js';
import ImportReport from '../contacts/ImportReport.js';

/** What the file picker offers; the server reads .xlsx and CSV and answers a clear error for .xls. */
const ACCEPT = '.xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv';

export function useListUpload(onImported: () => void) {
  const { api } = useApi();
  const showError = useErrorToast();
  const input = useRef<HTMLInputElement>(null);
  const target = useRef<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ContactImportResult | null>(null);

  const upload = async (file: File) => {
    const listId = target.current;
    if (!listId) return;
    setBusy(true);
    try {
      setReport(await api.contactLists.upload(listId, file, file.name));
      onImported();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const picker = (
    <input
      ref={input}
      type="file"
      hidden
      accept={ACCEPT}
      data-contact-list-import
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) void upload(file);
      }}
    />
  );

  return {
    busy,
    /** Opens the file picker for that list. */
    choose(listId: string) {
      target.current = listId;
      input.current?.click();
    },
    elements: (
      <>
        {picker}
        {report ? <ImportReport result={report} onClose={() => setReport(null)} /> : null}
      </>
    ),
  };
}
